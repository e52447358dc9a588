import "server-only";
import { keysetPage } from "@/server/pagination";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { auditEntityHref } from "./links";
import { AUDIT_PAGE_SIZE, type AuditSearch } from "@/features/audit/schemas";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvExport } from "@/server/csv";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Records who did what to which record; write it in the same transaction as the change. */
export async function recordAudit(entry: AuditEntry, executor: Executor = db): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

const actorName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorUsername: string | null;
  actorName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  /** The admin page of what the entry changed, where there is one. */
  href: string | null;
}

const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

function auditConditions(query: AuditSearch): SQL | undefined {
  const actor = query.actor?.toLowerCase();
  return and(
    actor && /^\d+$/.test(actor) ? eq(auditLog.actorId, Number(actor)) : undefined,
    actor && !/^\d+$/.test(actor)
      ? inArray(
          auditLog.actorId,
          db
            .select({ id: users.id })
            .from(users)
            .where(or(eq(sql`lower(${users.username})`, actor), eq(sql`lower(${users.email})`, actor))),
        )
      : undefined,
    query.action ? like(auditLog.action, likePrefix(query.action)) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.from ? gte(auditLog.createdAt, startOfDay(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, new Date(startOfDay(query.to).getTime() + 86_400_000)) : undefined,
  );
}

function selectAudit(query: AuditSearch, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorUsername: users.username,
      actorName,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(auditConditions(query), where))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .then((rows) =>
      rows.map((row): AuditRow => ({ ...row, href: auditEntityHref(row.entityType, row.entityId, row.details) })),
    );
}

/** /admin/audit: newest first (ids only grow), a page at a time with the last id seen as the cursor. */
export async function listAudit(
  viewer: SessionUser,
  query: AuditSearch,
): Promise<{ entries: AuditRow[]; next: number | null }> {
  assertAccess(viewer, ADMIN);
  const rows = await selectAudit(query, query.before ? lt(auditLog.id, query.before) : undefined, AUDIT_PAGE_SIZE + 1);
  const { page: entries, next } = keysetPage(rows, AUDIT_PAGE_SIZE, (last) => last.id);
  return { entries, next };
}

/** GET /api/admin/audit/export. */
export const AUDIT_CSV: CsvExport<AuditRow> = {
  name: "audit-log",
  header: ["id", "at", "actor_id", "actor_username", "action", "entity_type", "entity_id", "details", "ip"],
  row: (e) => [
    e.id,
    e.createdAt.toISOString(),
    e.actorId,
    e.actorUsername,
    e.action,
    e.entityType,
    e.entityId,
    JSON.stringify(e.details),
    e.ip,
  ],
};

/** Every entry the filters match, newest first, a page at a time (the CSV export). */
export function auditPages(viewer: SessionUser, query: AuditSearch) {
  assertAccess(viewer, ADMIN);
  return pagesByIdDescending((beforeId) =>
    selectAudit(query, beforeId ? lt(auditLog.id, beforeId) : undefined, CSV_PAGE_SIZE),
  );
}
