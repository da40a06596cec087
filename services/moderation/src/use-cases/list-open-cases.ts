import { INVALID_CURSOR } from '@saathi/contracts';
import type { OpenCasesPage, OpenCasesQuery } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import { decodeCaseCursor } from '../domain/case-cursor';
import type { ModerationCore } from './moderation-core';

/** A page of the review queue; a cursor this service did not write is the caller's mistake (400). */
export async function listOpenCases(
  deps: Pick<ModerationCore, 'reports'>,
  query: OpenCasesQuery,
): Promise<OpenCasesPage> {
  if (query.cursor === undefined) return deps.reports.openCases(query.limit);
  const after = decodeCaseCursor(query.cursor);
  if (!after) throw httpErrors.badRequest(INVALID_CURSOR);
  return deps.reports.openCases(query.limit, after);
}
