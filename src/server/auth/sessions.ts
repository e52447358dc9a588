import "server-only";
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { notFound } from "@/lib/errors";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { currentUserSchema, type CurrentUser } from "@/features/auth/types";
import type { SessionUser } from "@/lib/auth/session-user";
import { deviceName } from "./device-name";
import { levelInForceOf } from "./tier-access";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// Sliding expiry: an active session is extended, but at most once an hour, to keep reads cheap.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** The columns of a signed-in user that the app needs on every request. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  isAdmin: users.isAdmin,
  isMentor: users.isMentor,
  isPartner: users.isPartner,
  // Qualified by hand: drizzle writes a column of the selected table unqualified inside sql``, and in
  // levelInForce's subquery an unqualified "id" would be the membership's own.
  membershipLevel: levelInForceOf('"users"').as("membership_level"),
  permissions: users.permissions,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`.as("two_factor_enabled"),
};

export interface NewSession {
  ip?: string | null;
  userAgent?: string | null;
  /** The sign-in passed the second factor (a TOTP or recovery code). */
  twoFactor: boolean;
}

export async function createSession(userId: number, meta: NewSession, executor: Executor = db): Promise<string> {
  const [row] = await executor
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      twoFactorAt: meta.twoFactor ? new Date() : null,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user a session belongs to, or null when the session is unknown, revoked or expired, the user
 * is disabled, or her account has two-factor on and this session never passed it (a session from
 * before she turned it on, which turning it on also ends). This is what makes a sign-out, a password
 * change or a disabled account end existing sessions even though the cookie itself is still well-formed.
 */
export async function loadSessionUser(sessionId: string): Promise<SessionUser | null> {
  if (!UUID.test(sessionId)) return null;
  const [row] = await db
    .select({
      ...sessionUserColumns,
      twoFactorPassed: sql<boolean>`${sessions.twoFactorAt} is not null`,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
        or(isNull(users.totpEnabledAt), isNotNull(sessions.twoFactorAt)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  if (Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
      .where(eq(sessions.id, sessionId));
  }
  return user;
}

/**
 * The signed-in member as she sees herself (GET /api/auth/me and the answers that sign her in): the
 * declared fields only, whatever else a session comes to carry.
 */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return Object.fromEntries(CURRENT_USER_FIELDS.map((field) => [field, user[field]])) as CurrentUser;
}

const CURRENT_USER_FIELDS = Object.keys(currentUserSchema.shape) as Array<keyof CurrentUser>;

/** The user as a sign-in just made sees her: that sign-in passed two-factor exactly when she has it on. */
export async function loadSessionUserById(userId: number): Promise<SessionUser> {
  const [user] = await db
    .select({ ...sessionUserColumns, twoFactorPassed: sql<boolean>`${users.totpEnabledAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`User ${userId} not found`);
  return user;
}

export async function revokeSession(sessionId: string): Promise<void> {
  if (!UUID.test(sessionId)) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user: after a password change or when an account is disabled. */
export async function revokeAllSessions(userId: number, executor: Executor = db): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user but `keep`, and records whether `keep` has now passed two-factor:
 * when she turns two-factor on (with a code, in `keep`) or off, and when she signs in with a recovery
 * code (her device may be in someone else's hands). A session from before never carries the change.
 */
export async function keepOnlySession(
  userId: number,
  keep: string,
  twoFactor: boolean,
  executor: Executor = db,
): Promise<void> {
  await endOtherSessions(userId, keep, executor);
  await executor
    .update(sessions)
    .set({ twoFactorAt: twoFactor ? sql`coalesce(${sessions.twoFactorAt}, now())` : null })
    .where(and(eq(sessions.id, keep), eq(sessions.userId, userId)));
}

/** Ends every session of a user but `keep` (her password changed in `keep`: her other devices sign in again). */
export async function endOtherSessions(userId: number, keep: string, executor: Executor = db): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
}

export interface ActiveSession {
  id: string;
  /** The browser as a person names it, e.g. "Chrome on macOS" (not the raw User-Agent). */
  device: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** Her sessions that are neither ended nor expired, most recently seen first. */
export async function listActiveSessions(userId: number, currentSessionId: string | null): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({ ...row, device: deviceName(row.userAgent), current: row.id === currentSessionId }));
}

/** Ends one of her own sessions; another member's session id is not found. */
export async function endOwnSession(userId: number, sessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound("That session has already ended.");
}
