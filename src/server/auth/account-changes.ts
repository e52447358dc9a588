import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { db } from "@/db";
import { emailChangeTokens, users } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { violatedConstraint } from "@/lib/database-errors";
import { badRequest, conflict, tooManyRequests } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { consumeOrThrow, recordUse, resetLimit, type LimitPolicy } from "@/server/rate-limit";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import { getSiteSettings } from "@/server/settings";
import { writeToUs } from "@/features/settings/schemas";
import type { ChangeEmailInput, ChangePasswordInput } from "@/features/auth/schemas";
import { siteUrl } from "@/lib/http/site-url";
import { hashPassword, verifyPassword } from "./password";
import { passwordChangedEmail } from "./password-reset";
import { endOtherSessions } from "./sessions";
import { createLinkToken, hashLinkToken } from "./tokens";

// Her password and her email address, changed by her while signed in (docs/decisions/051-account-changes.md).

export const EMAIL_CHANGE_LINK_TTL_HOURS = 24;
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE =
  "This link has expired or has already been used. Ask for a new one on your Security page.";
const WRONG_PASSWORD = "Your current password is not right.";
const EMAIL_TAKEN = "That email address is already in use.";

/** Guesses of her password through either form count together, per account. */
const CURRENT_PASSWORD_POLICY: LimitPolicy = { keyPrefix: "account_password", points: 5, durationSeconds: 15 * 60 };
/** Links to new addresses: a few an hour, so the form cannot be used to send mail to strangers. */
const EMAIL_CHANGE_POLICY: LimitPolicy = { keyPrefix: "email_change", points: 5, durationSeconds: 60 * 60 };

/** Her password checked against the guess limit: a wrong one counts, a right one clears the count. */
async function checkCurrentPassword(userId: number, password: string): Promise<void> {
  const blocked = await recordUse(CURRENT_PASSWORD_POLICY, String(userId));
  if (blocked > 0) throw tooManyRequests(blocked);
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!(await verifyPassword(row?.hash, password)))
    throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  await resetLimit(CURRENT_PASSWORD_POLICY, String(userId));
}

/**
 * POST /api/auth/password: a new password. This session stays signed in; her other devices are signed
 * out (whoever knew the old password is), and her address is told.
 */
export async function changePassword(user: SessionUser, sessionId: string, input: ChangePasswordInput) {
  await checkCurrentPassword(user.id, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  const settings = await getSiteSettings();
  await transactionWithEmail(async (tx, queueEmail) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    await endOtherSessions(user.id, sessionId, tx);
    await recordAudit({ actorId: user.id, action: "password.changed", entityType: "user", entityId: user.id }, tx);
    await queueEmail(passwordChangedEmail(user, settings, "your other devices were signed out"));
  });
  return { message: "Your password has been changed. Your other devices have been signed out." };
}

/**
 * POST /api/auth/email-change: a link to the new address, which changes nothing until it is opened
 * there. Only the latest link works; her current address keeps getting her mail meanwhile.
 */
export async function requestEmailChange(user: SessionUser, input: ChangeEmailInput) {
  await checkCurrentPassword(user.id, input.currentPassword);
  const newEmail = input.newEmail.trim();
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    throw badRequest("This is already your email address.", { newEmail: "This is already your email address." });
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw badRequest(EMAIL_TAKEN, { newEmail: EMAIL_TAKEN });
  await consumeOrThrow(EMAIL_CHANGE_POLICY, String(user.id));

  const settings = await getSiteSettings();
  const { token, tokenHash } = createLinkToken();
  await transactionWithEmail(async (tx, queueEmail) => {
    await tx
      .update(emailChangeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeTokens.userId, user.id), isNull(emailChangeTokens.usedAt)));
    await tx.insert(emailChangeTokens).values({
      userId: user.id,
      newEmail,
      tokenHash,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_HOURS * 3600_000),
    });
    await recordAudit(
      { actorId: user.id, action: "email_change.requested", entityType: "user", entityId: user.id },
      tx,
    );
    await queueEmail({
      to: newEmail,
      kind: "email-change-confirm",
      subject: `Confirm your new ${settings.siteName} email address`,
      ...renderEmail({
        siteName: settings.siteName,
        heading: "Confirm your new email address",
        paragraphs: [
          `Hi ${user.firstName},`,
          `You asked for your ${settings.siteName} account to use this address. Open the link below within ${EMAIL_CHANGE_LINK_TTL_HOURS} hours to confirm it; until then we keep writing to your current address.`,
          "If you did not ask for this, you can ignore this email: nothing changes.",
        ],
        action: { label: "Confirm this address", url: `${siteUrl()}/confirm-email/${token}` },
      }),
    });
  });
  return {
    message: `We have sent a link to ${newEmail}. Open it to confirm your new address; until then we keep writing to ${user.email}.`,
  };
}

/** Whether the link can still change an address (for its page: the form, or why not). */
export async function isEmailChangeTokenUsable(token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChangeTokens.id })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.tokenHash, hashLinkToken(token)),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * POST /api/auth/email-change/confirm: the link opened at the new address. The link is spent in the
 * same statement that checks it (a second use fails even at the same moment); the old address is told.
 * Whoever holds the link may use it, signed in or not, on any device: it came to the new address.
 */
export async function confirmEmailChange(token: string) {
  const settings = await getSiteSettings();
  try {
    const changed = await transactionWithEmail(async (tx, queueEmail) => {
      const [spent] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, hashLinkToken(token)),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!spent) throw badRequest(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      const [before] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, spent.userId), isNull(users.disabledAt), isNull(users.erasedAt)))
        .for("update");
      if (!before) throw badRequest(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, spent.userId));
      await recordAudit(
        { actorId: spent.userId, action: "email.changed", entityType: "user", entityId: spent.userId },
        tx,
      );
      await queueEmail({
        to: before.email,
        kind: "email-changed",
        subject: `Your ${settings.siteName} email address was changed`,
        ...renderEmail({
          siteName: settings.siteName,
          heading: "Your email address was changed",
          paragraphs: [
            `Hi ${before.firstName},`,
            `Your ${settings.siteName} account now uses another email address, confirmed from that address. We will not write to this one again.`,
            `If this was not you, reply to this email or ${writeToUs(settings, siteUrl())} straight away.`,
          ],
        }),
      });
      return { userId: spent.userId, message: `Your email address is now ${spent.newEmail}.` };
    });
    // Other features follow (her Stripe customer's address), off the request.
    await sendJob(QUEUES.accountEmailChanged.name, { userId: changed.userId });
    return { message: changed.message };
  } catch (error) {
    // Taken by someone else since the link was sent: the unique index on lower(email) decides.
    if (violatedConstraint(error) === "users_email_lower_key") throw conflict(EMAIL_TAKEN);
    throw error;
  }
}
