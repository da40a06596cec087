import { ErasedPeople } from '@saathi/platform';
import type { Clock, RateLimiter, ServiceKit, UnitOfWork } from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { ExportRepository } from '../db/export-repository';
import { OwnersRepository } from '../db/owners-repository';
import { ReportsRepository } from '../db/reports-repository';
import { RetentionRepository } from '../db/retention';
import { SCHEMA } from '../db/schema-name';
import { SuspensionsRepository } from '../db/suspensions-repository';

/**
 * What moderation's use cases are written against, built once when the service starts. Each use
 * case takes the `Pick` it needs, so its test fakes only that.
 */
export interface ModerationCore {
  uow: UnitOfWork;
  clock: Clock;
  reports: ReportsRepository;
  owners: OwnersRepository;
  suspensions: SuspensionsRepository;
  /** Deleted accounts' ids (a late event of theirs records nothing). */
  erasedPeople: ErasedPeople;
  erasure: AccountErasureRepository;
  retention: RetentionRepository;
  exports: ExportRepository;
  /** Different reporters that hide content from everyone until it is reviewed. */
  hideAfterReports: number;
  /** Counts each person's reports (Redis-backed in a cluster, so every replica shares it). */
  rateLimiter: RateLimiter;
  reportsPerHour: number;
}

export function createModerationCore(kit: ServiceKit<Config>): ModerationCore {
  const db = kit.db.db;
  return {
    uow: kit.uow,
    clock: kit.clock,
    reports: new ReportsRepository(db),
    owners: new OwnersRepository(db),
    suspensions: new SuspensionsRepository(db),
    erasedPeople: new ErasedPeople(db, SCHEMA),
    erasure: new AccountErasureRepository(db),
    retention: new RetentionRepository(db),
    exports: new ExportRepository(db),
    hideAfterReports: kit.config.HIDE_AFTER_REPORTS,
    rateLimiter: kit.rateLimiter,
    reportsPerHour: kit.config.REPORTS_PER_HOUR,
  };
}
