import type { Clock, RateLimiter, UnitOfWork } from '@saathi/platform';
import type { OwnersRepository } from '../db/owners-repository';
import type { ReportsRepository } from '../db/reports-repository';
import type { SuspensionsRepository } from '../db/suspensions-repository';

/** The pieces moderation's use cases are written against. */
export interface ModerationCore {
  uow: UnitOfWork;
  clock: Clock;
  reports: ReportsRepository;
  owners: OwnersRepository;
  suspensions: SuspensionsRepository;
  /** Different reporters that hide content from everyone until it is reviewed. */
  hideAfterReports: number;
  /** Counts each person's reports (Redis-backed in a cluster, so every replica shares it). */
  rateLimiter: RateLimiter;
  reportsPerHour: number;
}

export interface RequestMeta {
  traceId: string;
}
