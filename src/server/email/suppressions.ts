import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { emailSuppressions, users } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { recordAudit } from "@/server/audit";
import type { SessionUser } from "@/lib/auth/session-user";

/**
 * Addresses that refuse our mail (docs/decisions/044-one-unsubscribe.md). A permanent refusal, an
 * SMTP 5xx reply (RFC 5321 section 4.2.1), suppresses the address at once: sending bulk mail on to an
 * address that does not exist is what makes providers distrust a sender. Transactional mail is still
 * attempted, and when a server accepts a message for the address again the suppression is lifted.
 */

/** The SMTP reply code of a failed send (nodemailer's `responseCode`), when the server gave one. */
export function permanentRefusal(error: unknown): string | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code !== "number" || code < 500 || code > 599) return null;
  const response = (error as { response?: unknown }).response;
  return (typeof response === "string" && response ? response : String((error as Error).message)).slice(0, 500);
}

const sameAddress = (address: string | typeof users.email) =>
  sql`lower(${emailSuppressions.address}) = lower(${address})`;

export async function suppressAddress(address: string, reason: string, outboxId: number, executor: Executor = db) {
  await executor.execute(sql`
    insert into email_suppressions (address, reason, outbox_id) values (${address}, ${reason}, ${outboxId})
    on conflict (lower(address)) do update set reason = excluded.reason, outbox_id = excluded.outbox_id, created_at = now()`);
}

export async function liftSuppression(address: string, executor: Executor = db) {
  await executor.delete(emailSuppressions).where(sameAddress(address));
}

export async function suppressionOf(address: string, executor: Executor = db) {
  const [row] = await executor
    .select({ reason: emailSuppressions.reason, since: emailSuppressions.createdAt })
    .from(emailSuppressions)
    .where(sameAddress(address))
    .limit(1);
  return row ?? null;
}

/** For her notification settings: whether her address refuses mail, and what the server said. */
export async function memberEmailRefusal(userId: number) {
  const [row] = await db
    .select({ address: users.email, reason: emailSuppressions.reason, since: emailSuppressions.createdAt })
    .from(users)
    .innerJoin(emailSuppressions, sameAddress(users.email))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** For /admin/outbox: the addresses no bulk email goes to, the latest refusal first. */
export async function listSuppressions(viewer: SessionUser, limit = 100) {
  assertAccess(viewer, ADMIN);
  return db
    .select({
      address: emailSuppressions.address,
      reason: emailSuppressions.reason,
      since: emailSuppressions.createdAt,
      outboxId: emailSuppressions.outboxId,
    })
    .from(emailSuppressions)
    .orderBy(desc(emailSuppressions.createdAt), desc(emailSuppressions.id))
    .limit(limit);
}

/**
 * An administrator takes an address off the list (its owner fixed her mailbox, or the refusal was the
 * provider's passing fault): bulk mail goes to it again, and a new permanent refusal suppresses it again.
 * False when the address was not on the list.
 */
export async function liftSuppressionByAdmin(viewer: SessionUser, address: string): Promise<boolean> {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const lifted = await tx
      .delete(emailSuppressions)
      .where(sameAddress(address))
      .returning({ address: emailSuppressions.address, reason: emailSuppressions.reason });
    if (!lifted[0]) return false;
    await recordAudit(
      {
        actorId: viewer.id,
        action: "email.suppression_lift",
        entityType: "email_address",
        entityId: lifted[0].address,
        details: { reason: lifted[0].reason },
      },
      tx,
    );
    return true;
  });
}
