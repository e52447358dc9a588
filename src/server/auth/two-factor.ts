import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { recoveryCodes, users } from "@/db/schema";
import { badRequest, conflict, notFound, tooManyRequests } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { writeToUs } from "@/features/settings/schemas";
import { siteUrl } from "@/lib/http/site-url";
import { holdsAdminRole } from "@/lib/auth/access";
import { recordUse, resetLimit, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { openTwoFactorSecret, sealFor } from "@/server/sealing";
import { deviceName } from "./device-name";
import { verifyPassword } from "./password";
import { keepOnlySession } from "./sessions";

/** Wrong codes per account (sign-in, confirming, turning off): 5 in 15 minutes, then wait. */
export const TWO_FACTOR_POLICY: LimitPolicy = { keyPrefix: "two_factor", points: 5, durationSeconds: 15 * 60 };
export const TOO_MANY_CODES = "Too many wrong codes. Please wait a few minutes and try again.";
export const WRONG_CODE = "That code is not right. Please try again.";
export const RECOVERY_CODE_COUNT = 10;

const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, label: string, issuer: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

const hashRecoveryCode = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
const normalizeRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** Ten codes of ten base-32 characters (50 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function loadSecret(userId: number) {
  const [row] = await db
    .select({
      username: users.username,
      sealed: users.totpSecretEncrypted,
      enabledAt: users.totpEnabledAt,
      isAdmin: users.isAdmin,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("Member not found.");
  if (!row.sealed) return { ...row, secret: null };
  const { secret, resealed } = openTwoFactorSecret(userId, row.sealed);
  // Sealed with the birth-data key before TWO_FACTOR_KEY existed: stored again under its own key.
  if (resealed)
    await db
      .update(users)
      .set({ totpSecretEncrypted: resealed })
      .where(and(eq(users.id, userId), eq(users.totpSecretEncrypted, row.sealed)));
  return { ...row, secret };
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (a PNG data URL), for authenticator apps to scan. */
  qrCode: string;
}

/** Starts (or restarts) setting up: a new secret, kept until she confirms it with a first code. */
export async function beginTwoFactorSetup(userId: number): Promise<TwoFactorSetup> {
  const current = await loadSecret(userId);
  if (current.enabledAt) throw conflict("Two-factor sign-in is already on.");
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecretEncrypted: sealFor("two-factor", userId, secret), totpLastCounter: null })
    .where(eq(users.id, userId));
  const { siteName } = await getSiteSettings();
  const otpauthUrl = totpFor(secret, current.username, siteName).toString();
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 }) };
}

/** How she proved the second factor: a code from her app, or one of her recovery codes. */
export type SecondFactor = "code" | "recovery";

/**
 * Checks a six-digit code (one step either side for clock drift) or an unused recovery code, spending
 * it: a TOTP time step is never accepted twice, a recovery code only once. Each check counts against
 * TWO_FACTOR_POLICY before the code is looked at (one atomic step, so parallel guesses cannot all pass
 * a check made before any was counted); a right code gives the count back. Once the policy is used up
 * every check fails with 429 until the window passes. Answers how she proved it, or null.
 */
export async function checkSecondFactor(
  userId: number,
  code: string,
  options: { allowRecovery: boolean },
): Promise<SecondFactor | null> {
  const key = String(userId);
  const wait = await recordUse(TWO_FACTOR_POLICY, key);
  if (wait > 0) throw tooManyRequests(wait, TOO_MANY_CODES);
  const proof = await spendCode(userId, code, options.allowRecovery);
  if (proof) await resetLimit(TWO_FACTOR_POLICY, key);
  return proof;
}

async function spendCode(userId: number, code: string, allowRecovery: boolean): Promise<SecondFactor | null> {
  const trimmed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(trimmed)) {
    const { secret, username } = await loadSecret(userId);
    if (!secret) return null;
    const delta = totpFor(secret, username, "").validate({ token: trimmed, window: 1 });
    if (delta === null) return null;
    const counter = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
    const spent = await db
      .update(users)
      .set({ totpLastCounter: counter })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastCounter), lt(users.totpLastCounter, counter))))
      .returning({ id: users.id });
    return spent.length === 1 ? "code" : null;
  }
  if (!allowRecovery) return null;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1 ? "recovery" : null;
}

/**
 * Turns two-factor on with the first code from her app; answers the recovery codes, shown this once.
 * The session she did it in (`sessionId`) has now passed two-factor; every other session of hers ends
 * (a password-only session from before must never gain what two-factor guards).
 */
export async function confirmTwoFactor(
  userId: number,
  code: string,
  sessionId: string,
): Promise<{ recoveryCodes: string[] }> {
  const current = await loadSecret(userId);
  if (current.enabledAt) throw conflict("Two-factor sign-in is already on.");
  if (!current.secret) throw badRequest("Please start setting up two-factor sign-in again.");
  if (!(await checkSecondFactor(userId, code, { allowRecovery: false })))
    throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    await keepOnlySession(userId, sessionId, true, tx);
    await recordAudit({ actorId: userId, action: "two_factor.enabled", entityType: "user", entityId: userId }, tx);
  });
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor off with her password and a code; every other session of hers ends, and this one
 * is password-only from now on. Administrators keep it: it is required of them.
 */
export async function disableTwoFactor(
  userId: number,
  input: { password: string; code: string },
  sessionId: string,
): Promise<void> {
  const current = await loadSecret(userId);
  if (!current.enabledAt) throw conflict("Two-factor sign-in is already off.");
  if (holdsAdminRole(current)) throw conflict("Administrators must keep two-factor sign-in on.");
  if (!(await verifyPassword(current.passwordHash, input.password))) {
    const blocked = await recordUse(TWO_FACTOR_POLICY, String(userId));
    if (blocked > 0) throw tooManyRequests(blocked, TOO_MANY_CODES);
    throw badRequest("Your password is not right.", { password: "Your password is not right." });
  }
  if (!(await checkSecondFactor(userId, input.code, { allowRecovery: true })))
    throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabledAt: null, totpSecretEncrypted: null, totpLastCounter: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await keepOnlySession(userId, sessionId, false, tx);
    await recordAudit({ actorId: userId, action: "two_factor.disabled", entityType: "user", entityId: userId }, tx);
  });
}

/**
 * After a sign-in with a recovery code: her phone may be lost, or the code in someone else's hands.
 * Every other session ends, the sign-in is audited, and she is told by email where it came from and
 * how many codes are left, so that a code used by someone else does not go unnoticed.
 */
export async function recordRecoverySignIn(
  userId: number,
  sessionId: string,
  client: { ip: string | null; userAgent: string | null },
): Promise<void> {
  const settings = await getSiteSettings();
  const device = deviceName(client.userAgent);
  await transactionWithEmail(async (tx, queueEmail) => {
    await keepOnlySession(userId, sessionId, true, tx);
    const codesLeft = await unusedRecoveryCodeCount(userId, tx);
    await recordAudit(
      {
        actorId: userId,
        action: "two_factor.recovery_code_used",
        entityType: "user",
        entityId: userId,
        details: { device, codesLeft },
        ip: client.ip,
      },
      tx,
    );
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    await queueEmail({
      to: user.email,
      kind: "recovery-code-used",
      subject: `A recovery code was used to sign in to ${settings.siteName}`,
      ...renderEmail({
        siteName: settings.siteName,
        heading: "A recovery code was used to sign in",
        paragraphs: [
          `Hi ${user.firstName},`,
          `Someone just signed in to your account with one of your recovery codes, from ${device}${client.ip ? ` (address ${client.ip})` : ""}. Every other device was signed out.`,
          codesLeft === 0
            ? "That was your last recovery code."
            : `You have ${codesLeft} recovery ${codesLeft === 1 ? "code" : "codes"} left.`,
          `If this was not you, choose a new password at ${siteUrl()}/forgot-password and ${writeToUs(settings, siteUrl())} straight away.`,
        ],
      }),
    });
  });
}

export async function unusedRecoveryCodeCount(userId: number, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}
