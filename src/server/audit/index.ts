import "server-only";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { auditLog } from "@/db/schema";

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
