import type { Clock, UnitOfWork } from '@saathi/platform';
import type { ReportsRepository } from '../db/reports-repository';

/** The pieces moderation's use cases are written against. */
export interface ModerationCore {
  uow: UnitOfWork;
  clock: Clock;
  reports: ReportsRepository;
  /** Different reporters that hide content from everyone until it is reviewed. */
  hideAfterReports: number;
}

export interface RequestMeta {
  traceId: string;
}
