import { REPORT_TARGET_KINDS } from '@saathi/contracts';
import type { ReportTargetKind } from '@saathi/contracts';

/**
 * Where a page of the review queue ended: the last case's first report time (microseconds since
 * the epoch, as PostgreSQL stores it, so no precision is lost on the way) and its key. Opaque to
 * clients: base64url of `micros.kind.id`.
 */
export interface CaseCursor {
  firstReportedMicros: string;
  targetKind: ReportTargetKind;
  targetId: string;
}

const SHAPE = /^(\d{1,16})\.([a-z]+)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCaseCursor(cursor: CaseCursor): string {
  return Buffer.from(`${cursor.firstReportedMicros}.${cursor.targetKind}.${cursor.targetId}`).toString(
    'base64url',
  );
}

/** The cursor, or undefined when the text is not one this service wrote. */
export function decodeCaseCursor(text: string): CaseCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const match = SHAPE.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const [, micros, kind, id] = match;
  if (!micros || !id || !(REPORT_TARGET_KINDS as readonly string[]).includes(kind ?? '')) return undefined;
  // Reports are made after 1970 and before 2255 (2^53 µs): anything else was not written here,
  // and past PostgreSQL's bigint or timestamp range it would fail in the query instead of here.
  if (Number(micros) > Number.MAX_SAFE_INTEGER) return undefined;
  return { firstReportedMicros: micros, targetKind: kind as ReportTargetKind, targetId: id };
}
