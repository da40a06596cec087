import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import { ReportsRepository } from './db/reports-repository';
import { adminRoutes } from './routes/admin';
import { reportRoutes } from './routes/reports';
import { fileReport } from './use-cases/file-report';
import type { ModerationCore } from './use-cases/moderation-core';
import { takeAction } from './use-cases/take-action';

/** How many open cases and audit rows one screen shows. */
const PAGE = 100;

export function createModerationCore(kit: ServiceKit<Config>): ModerationCore {
  return {
    uow: kit.uow,
    clock: kit.clock,
    reports: new ReportsRepository(kit.db.db),
    hideAfterReports: kit.config.HIDE_AFTER_REPORTS,
  };
}

/** Wires moderation: binds each use case to the core and registers the routes. */
export function registerModeration(app: App, kit: ServiceKit<Config>): void {
  const core = createModerationCore(kit);
  reportRoutes(app, { fileReport: (reporter, body, meta) => fileReport(core, reporter, body, meta) });
  adminRoutes(app, {
    openCases: () => core.reports.openCases(PAGE),
    auditLog: () => core.reports.auditLog(PAGE),
    takeAction: (admin, body, meta) => takeAction(core, admin, body, meta),
  });
}
