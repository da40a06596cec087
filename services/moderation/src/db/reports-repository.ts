import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type {
  AuditEntry,
  ModerationAction,
  OpenCasesPage,
  ReportReason,
  ReportTargetKind,
} from '@saathi/contracts';
import { encodeCaseCursor } from '../domain/case-cursor';
import type { CaseCursor } from '../domain/case-cursor';

export interface NewReport {
  reporterId: string;
  targetKind: ReportTargetKind;
  targetId: string;
  /** The author from the owners projection (the person, for a user report); null until known. */
  ownerId: string | null;
  reason: ReportReason;
  note: string | null;
  excerpt: string | null;
  /** Its reporter's address was verified (see use-cases/reports.ts). */
  countsTowardHiding: boolean;
  /** The 1:1 conversation a report of a message named (its owner is the other person); else null. */
  conversationId: string | null;
}

export interface CaseRow extends Record<string, unknown> {
  target_kind: ReportTargetKind;
  target_id: string;
  owner_id: string | null;
  status: 'open' | 'dismissed' | 'removed' | 'suspended';
  hidden: boolean;
  /** For a 1:1 message, the conversation whose other person is `owner_id`. */
  conversation_id: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Reports, the cases they open and the audit log; the writes run inside one unit of work. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ReportsRepository {
    return new ReportsRepository(db);
  }

  /** Stores the report once per reporter and item; false when this reporter had reported it already. */
  async addOnce(report: NewReport, now: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`insert into moderation.reports
            (reporter_id, target_kind, target_id, reason, note, created_at, counts_toward_hiding,
             conversation_id)
          values (${report.reporterId}, ${report.targetKind}, ${report.targetId}, ${report.reason},
                  ${report.note}, ${now.toISOString()}::timestamptz, ${report.countsTowardHiding},
                  ${report.conversationId}::uuid)
          on conflict do nothing returning id`,
    );
    return rows.length > 0;
  }

  /** Opens (or reopens) the item's case and locks it until the transaction ends. */
  async openCase(report: NewReport, now: Date): Promise<CaseRow> {
    const [row] = await queryRows<CaseRow>(
      this.db,
      sql`insert into moderation.cases
            (target_kind, target_id, owner_id, excerpt, first_reported_at, last_reported_at,
             conversation_id)
          values (${report.targetKind}, ${report.targetId}, ${report.ownerId}, ${report.excerpt},
                  ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
                  ${report.conversationId}::uuid)
          on conflict (target_kind, target_id) do update
            set status = 'open', last_reported_at = excluded.last_reported_at,
                owner_id = coalesce(moderation.cases.owner_id, excluded.owner_id),
                -- The conversation goes with the owner it named: both from the same report.
                conversation_id = case when moderation.cases.owner_id is null and excluded.owner_id is not null
                                       then excluded.conversation_id
                                       else coalesce(moderation.cases.conversation_id, excluded.conversation_id) end
          returning target_kind, target_id, owner_id, status, hidden, conversation_id`,
    );
    if (!row) throw new Error('case upsert returned nothing');
    return row;
  }

  /** Different people who reported the item since its last review. */
  async reportersSinceReview(targetKind: ReportTargetKind, targetId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from moderation.reports r
            join moderation.cases c on c.target_kind = r.target_kind and c.target_id = r.target_id
           where r.target_kind = ${targetKind} and r.target_id = ${targetId}
             and r.counts_toward_hiding
             and r.created_at > coalesce(c.reviewed_at, '-infinity'::timestamptz)`,
    );
    return row?.n ?? 0;
  }

  async markHidden(targetKind: ReportTargetKind, targetId: string): Promise<void> {
    await queryRows(
      this.db,
      sql`update moderation.cases set hidden = true
           where target_kind = ${targetKind} and target_id = ${targetId}`,
    );
  }

  /** The open case, locked; undefined when nothing about the item awaits review. */
  async lockOpenCase(targetKind: ReportTargetKind, targetId: string): Promise<CaseRow | undefined> {
    const [row] = await queryRows<CaseRow>(
      this.db,
      sql`select target_kind, target_id, owner_id, status, hidden, conversation_id from moderation.cases
           where target_kind = ${targetKind} and target_id = ${targetId} and status = 'open'
           for update`,
    );
    return row;
  }

  /**
   * Withdraws one report of a 1:1 message that messaging turned down: the case locked first (as
   * a report does), then the report the rejection names (this reporter's, naming that
   * conversation; a report filed again since with another conversation is not this one). The
   * case as it stands after, and whether a report went; undefined when there is no case.
   */
  async withdrawMessageReport(rejection: {
    reporterId: string;
    targetId: string;
    conversationId: string;
  }): Promise<{ withdrawn: boolean; case: CaseRow; reportsLeft: number } | undefined> {
    const [locked] = await queryRows<CaseRow>(
      this.db,
      sql`select target_kind, target_id, owner_id, status, hidden, conversation_id from moderation.cases
           where target_kind = 'message' and target_id = ${rejection.targetId} for update`,
    );
    if (!locked) return undefined;
    const gone = await queryRows(
      this.db,
      sql`delete from moderation.reports
           where target_kind = 'message' and target_id = ${rejection.targetId}
             and reporter_id = ${rejection.reporterId} and conversation_id = ${rejection.conversationId}
          returning id`,
    );
    const [left] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from moderation.reports
           where target_kind = 'message' and target_id = ${rejection.targetId}`,
    );
    return { withdrawn: gone.length > 0, case: locked, reportsLeft: left?.n ?? 0 };
  }

  /** Deletes a case (its reports are gone already). */
  async deleteCase(targetKind: ReportTargetKind, targetId: string): Promise<void> {
    await queryRows(
      this.db,
      sql`delete from moderation.cases where target_kind = ${targetKind} and target_id = ${targetId}`,
    );
  }

  /**
   * Names a 1:1 message's case's owner afresh: `owner` when the owning service said whose it is,
   * else from the earliest report left that named a conversation moderation knows (its other
   * person), else nobody.
   */
  async renameMessageOwner(targetId: string, owner?: { ownerId: string; conversationId: string }) {
    if (owner) {
      await queryRows(
        this.db,
        sql`update moderation.cases set owner_id = ${owner.ownerId}, conversation_id = ${owner.conversationId}
             where target_kind = 'message' and target_id = ${targetId}`,
      );
      return;
    }
    await queryRows(
      this.db,
      sql`update moderation.cases c
             set owner_id = named.owner_id, conversation_id = named.conversation_id
            from (select null::uuid as owner_id, null::uuid as conversation_id, 1 as rank
                  union all
                  (select p.user_id, r.conversation_id, 0
                     from moderation.reports r
                     join moderation.conversation_participants p
                       on p.conversation_id = r.conversation_id and p.user_id <> r.reporter_id
                    where r.target_kind = 'message' and r.target_id = ${targetId}
                      and exists (select 1 from moderation.conversation_participants me
                                   where me.conversation_id = r.conversation_id
                                     and me.user_id = r.reporter_id)
                    order by r.created_at, r.id limit 1)
                  order by rank limit 1) as named
           where c.target_kind = 'message' and c.target_id = ${targetId}`,
    );
  }

  /** Hidden no more (the reports that hid it were withdrawn). */
  async markShown(targetKind: ReportTargetKind, targetId: string): Promise<void> {
    await queryRows(
      this.db,
      sql`update moderation.cases set hidden = false
           where target_kind = ${targetKind} and target_id = ${targetId}`,
    );
  }

  async closeCase(
    targetKind: ReportTargetKind,
    targetId: string,
    status: CaseRow['status'],
    now: Date,
  ): Promise<void> {
    await queryRows(
      this.db,
      sql`update moderation.cases
             set status = ${status}, hidden = ${status !== 'dismissed'}, reviewed_at = ${now.toISOString()}::timestamptz
           where target_kind = ${targetKind} and target_id = ${targetId}`,
    );
  }

  async audit(
    entry: {
      actorId: string;
      action: ModerationAction;
      targetKind: ReportTargetKind;
      targetId: string;
      ownerId: string | null;
    },
    now: Date,
  ): Promise<void> {
    await queryRows(
      this.db,
      sql`insert into moderation.audit_log (actor_id, action, target_kind, target_id, owner_id, created_at)
          values (${entry.actorId}, ${entry.action}, ${entry.targetKind}, ${entry.targetId},
                  ${entry.ownerId}, ${now.toISOString()}::timestamptz)`,
    );
  }

  /**
   * A page of the review queue: open cases oldest first, each with its reports folded. Ordered
   * by (first report, kind, id), which never changes for a case, so a page starting after the
   * cursor neither repeats nor skips a case that stayed open.
   */
  async openCases(limit: number, after?: CaseCursor): Promise<OpenCasesPage> {
    const rows = await queryRows<{
      first_reported_micros: string;
      target_kind: ReportTargetKind;
      target_id: string;
      owner_id: string | null;
      excerpt: string | null;
      hidden: boolean;
      first_reported_at: Date | string;
      last_reported_at: Date | string;
      reporters: number;
      reasons: { reason: ReportReason; count: number }[] | null;
      notes: string[] | null;
    }>(
      this.db,
      sql`select c.target_kind, c.target_id, c.owner_id, c.excerpt, c.hidden,
                 c.first_reported_at, c.last_reported_at,
                 (extract(epoch from c.first_reported_at) * 1000000)::bigint::text as first_reported_micros,
                 (select count(*)::int from moderation.reports r
                   where r.target_kind = c.target_kind and r.target_id = c.target_id) as reporters,
                 (select json_agg(json_build_object('reason', g.reason, 'count', g.n) order by g.n desc)
                    from (select reason, count(*)::int as n from moderation.reports r
                           where r.target_kind = c.target_kind and r.target_id = c.target_id
                           group by reason) g) as reasons,
                 (select array_agg(r.note order by r.created_at) from moderation.reports r
                   where r.target_kind = c.target_kind and r.target_id = c.target_id
                     and r.note is not null and r.note <> '') as notes
            from moderation.cases c
           where c.status = 'open'
             ${
               after
                 ? sql`and (c.first_reported_at, c.target_kind, c.target_id) >
                         ('epoch'::timestamptz + ${after.firstReportedMicros}::bigint * interval '1 microsecond',
                          ${after.targetKind}, ${after.targetId}::uuid)`
                 : sql``
             }
           order by c.first_reported_at, c.target_kind, c.target_id
           limit ${limit + 1}`,
    );
    // One row past the page says whether another page follows, without a count.
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? encodeCaseCursor({
            firstReportedMicros: last.first_reported_micros,
            targetKind: last.target_kind,
            targetId: last.target_id,
          })
        : null;
    const cases = page.map((row) => ({
      targetKind: row.target_kind,
      targetId: row.target_id,
      ownerId: row.owner_id,
      excerpt: row.excerpt,
      hidden: row.hidden,
      reporters: row.reporters,
      reasons: row.reasons ?? [],
      notes: row.notes ?? [],
      firstReportedAt: iso(row.first_reported_at),
      lastReportedAt: iso(row.last_reported_at),
    }));
    return { cases, nextCursor };
  }

  async auditLog(limit: number): Promise<AuditEntry[]> {
    const rows = await queryRows<{
      id: string;
      actor_id: string | null;
      action: ModerationAction;
      target_kind: ReportTargetKind;
      target_id: string | null;
      owner_id: string | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`select id, actor_id, action, target_kind, target_id, owner_id, created_at
            from moderation.audit_log order by created_at desc, id limit ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      action: row.action,
      targetKind: row.target_kind,
      targetId: row.target_id,
      ownerId: row.owner_id,
      createdAt: iso(row.created_at),
    }));
  }
}
