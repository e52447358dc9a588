import "server-only";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { recordAudit } from "@/server/audit";

/** Finds a user by username or email, case-insensitively. */
export async function findUserByLogin(login: string) {
  const value = login.trim().toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
      totpEnabledAt: users.totpEnabledAt,
      deletionRequestedAt: users.deletionRequestedAt,
    })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
    .limit(1);
  return user ?? null;
}

/** Signing in within the grace period cancels her deletion (called on every successful sign-in). */
export async function cancelDeletionOnSignIn(userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(users)
      .set({ deletionRequestedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.erasedAt)))
      .returning({ id: users.id });
    if (cancelled.length > 0)
      await recordAudit(
        { actorId: userId, action: "member.deletion_cancelled", entityType: "user", entityId: userId },
        tx,
      );
  });
}
