import {
  currentDataExportRoute,
  dataExportStatusRoute,
  downloadDataExportRoute,
  exportIdentityDataRoute,
  requestDataExportRoute,
} from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from '../../config';
import { DataExportsRepository } from '../../db/data-exports-repository';
import { dataExportFile, ownDataExport, requestDataExport, statusOf } from '../../use-cases/data-export';
import { sessionOf } from '../require-session';
import { identityPartOf } from './identity-part';

/**
 * "Download my data" (docs/privacy.md): identity's own part, and the export requests — ask,
 * follow the status, download the file the job assembled. Every export is its owner's only:
 * anyone else gets 404, as for an id that does not exist.
 */
export function exportRoutes(app: App, kit: ServiceKit<Config>): void {
  const deps = { exports: new DataExportsRepository(kit.db.db), queue: kit.queue, clock: kit.clock };

  registerRoute(app, exportIdentityDataRoute, async (request) =>
    identityPartOf(kit.db.db, sessionOf(request).user.id),
  );

  registerRoute(app, requestDataExportRoute, async (request, reply) =>
    reply.code(202).send(await requestDataExport(deps, sessionOf(request).user)),
  );

  registerRoute(app, currentDataExportRoute, async (request) => {
    const row = await deps.exports.findOf(sessionOf(request).user.id);
    return { export: row ? statusOf(row) : null };
  });

  registerRoute(app, dataExportStatusRoute, async (request) =>
    statusOf(await ownDataExport(deps, sessionOf(request).user, request.params.id)),
  );

  registerRoute(app, downloadDataExportRoute, async (request, reply) => {
    const file = await dataExportFile(deps, sessionOf(request).user, request.params.id);
    if (file.status !== 200) return reply.code(file.status).send({ message: file.message });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="saathi-data-${file.day}.json"`)
      .header('cache-control', 'no-store')
      .send(file.json);
  });
}
