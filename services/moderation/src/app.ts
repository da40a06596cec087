import { createMemoryRateLimiter } from '@saathi/platform';
import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import { OwnersRepository } from './db/owners-repository';
import { ReportsRepository } from './db/reports-repository';
import { SuspensionsRepository } from './db/suspensions-repository';
import { adminRoutes } from './routes/admin';
import { exportRoutes } from './routes/export';
import { reportRoutes } from './routes/reports';
import { suspensionRoutes } from './routes/suspensions';
import { fileReport } from './use-cases/file-report';
import type { ModerationCore } from './use-cases/moderation-core';
import { listOpenCases } from './use-cases/list-open-cases';
import { takeAction } from './use-cases/take-action';

/** How many audit rows and suspensions one screen shows (the case queue is paged). */
const PAGE = 100;

export function createModerationCore(kit: ServiceKit<Config>): ModerationCore {
  return {
    uow: kit.uow,
    clock: kit.clock,
    reports: new ReportsRepository(kit.db.db),
    owners: new OwnersRepository(kit.db.db),
    suspensions: new SuspensionsRepository(kit.db.db),
    hideAfterReports: kit.config.HIDE_AFTER_REPORTS,
    rateLimiter: kit.rateLimiter ?? createMemoryRateLimiter(),
    reportsPerHour: kit.config.REPORTS_PER_HOUR,
  };
}

/** Wires moderation: binds each use case to the core and registers the routes. */
export function registerModeration(app: App, kit: ServiceKit<Config>): void {
  const core = createModerationCore(kit);
  reportRoutes(app, { fileReport: (reporter, body, meta) => fileReport(core, reporter, body, meta) });
  adminRoutes(app, {
    openCases: (query) => listOpenCases(core, query),
    auditLog: () => core.reports.auditLog(PAGE),
    takeAction: (admin, body, meta) => takeAction(core, admin, body, meta),
  });
  suspensionRoutes(app, { suspensions: () => core.suspensions.list(PAGE) });
  exportRoutes(app, { db: kit.db.db, publicKey: kit.config.JWT_PUBLIC_KEY });
}
