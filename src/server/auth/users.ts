import "server-only";
import { eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";

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
