import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { badRequest } from "@/lib/errors";
import { renderEmail } from "@/server/email/render";
import { transactionWithEmail } from "@/server/email/outbox";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { writeToUs, type SiteSettings } from "@/features/settings/schemas";
import { siteUrl } from "@/lib/http/site-url";
import { hashPassword } from "./password";
import { revokeAllSessions } from "./sessions";
import { createLinkToken, hashLinkToken } from "./tokens";

export const RESET_LINK_TTL_MINUTES = 60;
export const RESET_REQUESTED_MESSAGE =
  "If an account uses that email address, we have sent it a link to choose a new password.";
export const RESET_LINK_INVALID_MESSAGE =
  "This password reset link has expired or has already been used. Please request a new one.";

const RESET_IP_POLICY: LimitPolicy = { keyPrefix: "reset_ip", points: 10, durationSeconds: 60 * 60 };
const RESET_EMAIL_POLICY: LimitPolicy = { keyPrefix: "reset_email", points: 3, durationSeconds: 60 * 60 };

/**
 * Emails a single-use reset link when the address belongs to an active account. The answer is the
 * same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(email: string, client: { ip: string; baseUrl: string }): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await consumeOrThrow(RESET_IP_POLICY, client.ip);
  await consumeOrThrow(RESET_EMAIL_POLICY, normalized);

  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, normalized), isNull(users.disabledAt)))
    .limit(1);
  if (!user) return;

  await emailResetLink(user, client.baseUrl);
}

/**
 * Emails her a single-use reset link (also sent by an administrator from her admin view); `alsoInTransaction`
 * runs in the same transaction, e.g. to audit-log who sent it.
 */
export async function emailResetLink(
  user: { id: number; email: string; firstName: string },
  baseUrl: string,
  alsoInTransaction?: (tx: Executor) => Promise<void>,
): Promise<void> {
  const settings = await getSiteSettings();
  const { token, tokenHash } = createLinkToken();
  const url = `${baseUrl}/reset-password/${token}`;
  await transactionWithEmail(async (tx, queueEmail) => {
    await alsoInTransaction?.(tx);
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000) });
    await queueEmail({
      to: user.email,
      kind: "password-reset",
      subject: `Reset your ${settings.siteName} password`,
      ...renderEmail({
        siteName: settings.siteName,
        heading: "Choose a new password",
        paragraphs: [
          `Hi ${user.firstName},`,
          `Someone (we hope you) asked to reset the password of your ${settings.siteName} account. The link below works once, for the next ${RESET_LINK_TTL_MINUTES} minutes.`,
          "If you did not ask for this, you can ignore this email: your password stays as it is.",
        ],
        action: { label: "Choose a new password", url },
      }),
    });
  });
}

async function findUsableToken(token: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashLinkToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  return (await findUsableToken(token)) !== null;
}

/**
 * Sets a new password with a reset link. The link is spent atomically (a second use fails even when
 * both arrive at once), every other open link of the user is spent too, and every session ends.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const settings = await getSiteSettings();
  await transactionWithEmail(async (tx, queueEmail) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashLinkToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(RESET_LINK_INVALID_MESSAGE);

    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(and(eq(users.id, spent.userId), isNull(users.disabledAt)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!user) throw badRequest(RESET_LINK_INVALID_MESSAGE);

    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeAllSessions(user.id, tx);
    await queueEmail(passwordChangedEmail(user, settings, "every device was signed out"));
  });
}

/** The notice that her password changed, to her own address: by a reset link, or by her on her Security page. */
export function passwordChangedEmail(
  user: { email: string; firstName: string },
  settings: SiteSettings,
  signedOut: "every device was signed out" | "your other devices were signed out",
) {
  return {
    to: user.email,
    kind: "password-changed",
    subject: `Your ${settings.siteName} password was changed`,
    ...renderEmail({
      siteName: settings.siteName,
      heading: "Your password was changed",
      paragraphs: [
        `Hi ${user.firstName},`,
        `The password of your account was just changed and ${signedOut}.`,
        `If this was not you, reply to this email or ${writeToUs(settings, siteUrl())} straight away.`,
      ],
    }),
  };
}
