import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { desc, eq } from "drizzle-orm";
import { createDatabase, type Database } from "@/db/client";
import { emailOutbox, users } from "@/db/schema";
import { testEnv } from "./env";
import { sealTotpSecret } from "./two-factor";
import type { SessionUser } from "@/lib/auth/session-user";

let connection: ReturnType<typeof createDatabase> | undefined;

/** A connection to the test run's database, for arranging data and checking what changed. */
export function testDb(): Database {
  connection ??= createDatabase(testEnv().databaseUrl, 3);
  return connection.db;
}

export async function closeTestDb(): Promise<void> {
  await connection?.pool.end();
  connection = undefined;
}

export const TEST_PASSWORD = "test-password-123";
let passwordHash: Promise<string> | undefined;

/**
 * A user of its own for one test, so that tests never share rate limits or sessions. Administrators come
 * with two-factor sign-in on (TEST_TOTP_SECRET), as the app requires of them; pass `twoFactor: false` for
 * one who has not set it up yet.
 */
export async function createTestUser({
  twoFactor,
  ...overrides
}: Partial<typeof users.$inferInsert> & { twoFactor?: boolean } = {}) {
  passwordHash ??= hash(TEST_PASSWORD);
  const tag = randomUUID().slice(0, 8);
  const [user] = await testDb()
    .insert(users)
    .values({
      username: `user_${tag}`,
      email: `user_${tag}@example.com`,
      firstName: "Test",
      lastName: `User ${tag}`,
      passwordHash: await passwordHash,
      membershipLevel: "connect",
      ...overrides,
    })
    .returning();
  if (!(twoFactor ?? user!.isAdmin)) return user!;
  const [withTwoFactor] = await testDb()
    .update(users)
    .set({ totpSecretEncrypted: sealTotpSecret(user!.id), totpEnabledAt: new Date() })
    .where(eq(users.id, user!.id))
    .returning();
  return withTwoFactor!;
}

export async function latestEmailTo(address: string) {
  const [email] = await testDb()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, address))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return email ?? null;
}

/** The first http(s) link in a text body. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]*${path}[^\\s]*`));
  if (!match) throw new Error(`No ${path} link in:\n${text}`);
  return match[0];
}

/**
 * An administrator as a data function is handed one (a session that passed two-factor sign-in), for
 * tests that call admin functions in process.
 */
export function adminViewer(user: { id: number; username?: string; email?: string } = { id: 0 }): SessionUser {
  return {
    id: user.id,
    username: user.username ?? "admin",
    email: user.email ?? "admin@example.com",
    firstName: "Test",
    lastName: "Admin",
    profilePicture: null,
    isAdmin: true,
    isMentor: false,
    isPartner: false,
    membershipLevel: null,
    permissions: {},
    twoFactorEnabled: true,
    twoFactorPassed: true,
  };
}
