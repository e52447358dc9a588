import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import { applications, invitations, paymentTransactions, users } from "@/db/schema";
import { AppError, badRequest, conflict } from "@/lib/errors";
import { transactionWithEmail, type QueueEmail } from "@/server/email/outbox";
import { readSiteSettings } from "@/server/settings";
import { writeToUs } from "@/features/settings/schemas";
import { siteUrl } from "@/lib/http/site-url";
import { createLinkToken, hashLinkToken } from "@/server/auth/tokens";
import { issueSessionCookie } from "@/server/auth/login";
import { hashPassword } from "@/server/auth/password";
import { createSession } from "@/server/auth/sessions";
import { recordAudit } from "@/server/audit";
import { attachMembership } from "@/server/billing";
import { lockApplication } from "@/server/money";
import { readStripe } from "@/server/money";
import { isStripeRefusal, paymentsConfigured, stripe } from "@/server/stripe/client";
import { recordRefusalOf } from "@/server/stripe/refusals";
import { welcomeNewMember } from "@/server/onboarding";
import { invitationEmail, invitationWithdrawnEmail } from "./emails";
import type { AcceptInvitationInput } from "@/features/applications/schemas";

export const INVITATION_TTL_DAYS = 14;

export const INVITATION_MESSAGES = {
  used: "This invitation has already been used to create an account. Sign in with your username and password.",
  expired: "This invitation has expired. Please write to us and we will send you a new one.",
  revoked: "This invitation is no longer valid. Please check your email for a newer invitation.",
  unknown: "This invitation link is not valid. Please check that you copied the whole link from your email.",
} as const;
export type InvitationProblem = keyof typeof INVITATION_MESSAGES;

/**
 * Sends the invitation once an approved application is paid for (a completed payment) or is a
 * trial. Called after approval, after a payment completes (webhook, admin card payment, manual
 * payment) so whichever comes last sends it; an application gets one live invitation at a time.
 */
export async function inviteIfReady(
  tx: Transaction,
  queueEmail: QueueEmail,
  applicationId: number,
  baseUrl: string,
): Promise<boolean> {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.status !== "approved" || app.userId) return false;
  if (!(await paidOrTrial(tx, app))) return false;
  const [live] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.applicationId, app.id), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .limit(1);
  if (live) return false;
  await sendInvitation(tx, queueEmail, app, baseUrl);
  return true;
}

async function paidOrTrial(tx: Transaction, app: typeof applications.$inferSelect): Promise<boolean> {
  if (app.isTrial) return true;
  const [paid] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, app.id),
        eq(paymentTransactions.kind, "payment"),
        eq(paymentTransactions.status, "completed"),
      ),
    )
    .limit(1);
  return Boolean(paid);
}

async function sendInvitation(
  tx: Transaction,
  queueEmail: QueueEmail,
  app: typeof applications.$inferSelect,
  baseUrl: string,
) {
  const { token, tokenHash } = createLinkToken();
  await tx.insert(invitations).values({
    applicationId: app.id,
    email: app.email,
    tokenHash,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  const settings = await readSiteSettings(tx);
  await queueEmail(invitationEmail(settings.siteName, app, `${baseUrl}/join/${token}`, INVITATION_TTL_DAYS));
}

/**
 * After a payment is marked failed: an invitation that the payment had earned is revoked and the
 * applicant told, unless she has already created her account or the application is still paid
 * for (another payment, or a trial). Returns whether an invitation was withdrawn.
 */
export async function withdrawUnpaidInvitation(
  tx: Transaction,
  queueEmail: QueueEmail,
  applicationId: number,
): Promise<boolean> {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.userId || (await paidOrTrial(tx, app))) return false;
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.applicationId, app.id), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (revoked.length === 0) return false;
  const settings = await readSiteSettings(tx);
  await queueEmail(invitationWithdrawnEmail(settings.siteName, app, writeToUs(settings, siteUrl())));
  return true;
}

/** An admin sends a fresh invitation (the old one is revoked), e.g. when the first expired. */
/** An admin's "Resend Invitation": the open invitation is revoked and a fresh one emailed, audit-logged. */
export async function resendInvitation(actor: Actor, applicationId: number): Promise<void> {
  assertAccess(actor.viewer, ADMIN);
  await transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApplication(tx, applicationId);
    if (!app || app.status !== "approved") throw conflict("Only approved applications can be invited.");
    if (app.userId) throw conflict("This applicant has already created her account.");
    if (!(await paidOrTrial(tx, app)))
      throw conflict("The invitation is sent once the application is paid for: record or take the payment first.");
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.applicationId, app.id), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
    await sendInvitation(tx, queueEmail, app, actor.baseUrl);
    await recordAudit(
      {
        actorId: actor.id,
        action: "invitation.resent",
        entityType: "application",
        entityId: applicationId,
        ip: actor.ip,
      },
      tx,
    );
  });
}

/** What /join/{token} shows: the invitee's name and tier, or why the link cannot be used. */
export async function inspectInvitation(token: string) {
  if (token.length < 20 || token.length > 200) return { problem: "unknown" as const };
  const [row] = await db
    .select({
      invitation: invitations,
      firstName: applications.firstName,
      lastName: applications.lastName,
      tier: applications.membershipTier,
    })
    .from(invitations)
    .innerJoin(applications, eq(applications.id, invitations.applicationId))
    .where(eq(invitations.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!row) return { problem: "unknown" as const };
  const problem = invitationProblem(row.invitation);
  if (problem) return { problem };
  return {
    problem: null,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.invitation.email,
    tier: row.tier,
  };
}

function invitationProblem(inv: {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}): InvitationProblem | null {
  if (inv.usedAt) return "used";
  if (inv.revokedAt) return "revoked";
  if (inv.expiresAt.getTime() <= Date.now()) return "expired";
  return null;
}

/**
 * Creates the member account from an invitation, and her session, in one transaction:
 * not a sign-in, so no sign-in limit applies, and on any failure nothing is created and the invitation
 * stays valid. Spending the link is one conditional UPDATE, so two submissions at once create one
 * account. The account takes the application's name, email and tier, and the Stripe customer kept for
 * monthly billing.
 */
export async function acceptInvitation(
  input: AcceptInvitationInput,
  client: { ip: string; userAgent: string | null },
): Promise<{ userId: number; username: string }> {
  const { ip } = client;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(invitations.tokenHash, hashLinkToken(input.token)),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!spent) {
      const info = await inspectInvitation(input.token);
      throw badRequest(INVITATION_MESSAGES[info.problem ?? "used"]);
    }
    const app = await lockApplication(tx, spent.applicationId);
    if (!app || app.status !== "approved" || app.userId) throw badRequest(INVITATION_MESSAGES.revoked);

    const [taken] = await tx
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${input.username.toLowerCase()} or lower(${users.email}) = ${app.email.toLowerCase()}`,
      )
      .limit(1);
    if (taken?.email.toLowerCase() === app.email.toLowerCase()) {
      throw conflict(
        "An account already uses this email address. Please sign in, or reset your password from the sign-in page.",
      );
    }
    if (taken)
      throw new AppError(409, "That username is taken. Please choose another.", {
        username: "That username is taken. Please choose another.",
      });

    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: app.email,
        passwordHash,
        firstName: app.firstName,
        lastName: app.lastName,
        membershipLevel: app.membershipTier,
        memberSince: new Date().toISOString().slice(0, 10),
        stripeCustomerId: app.stripeCustomerId,
        stripePaymentMethodId: await savedPaymentMethod(tx, app.id),
      })
      .returning({ id: users.id, username: users.username });
    await tx.update(invitations).set({ userId: user!.id }).where(eq(invitations.id, spent.id));
    await tx.update(applications).set({ userId: user!.id }).where(eq(applications.id, app.id));
    await tx.update(paymentTransactions).set({ userId: user!.id }).where(eq(paymentTransactions.applicationId, app.id));
    await attachMembership(tx, app, user!.id);
    await welcomeNewMember(tx, user!.id);
    await recordAudit(
      { actorId: user!.id, action: "invitation.accepted", entityType: "application", entityId: app.id, ip },
      tx,
    );
    // Last: if the commit fails after this, the cookie names a session that never existed (signed out).
    // A new account has no second factor yet: this session passed none.
    await issueSessionCookie(user!.id, await createSession(user!.id, { ...client, twoFactor: false }, tx));
    return { userId: user!.id, username: user!.username };
  });
}

/**
 * The card the applicant paid with, kept on the member for monthly billing later. Stripe is the
 * record of it; if Stripe cannot be reached the account is still created without it.
 */
async function savedPaymentMethod(tx: Transaction, applicationId: number): Promise<string | null> {
  if (!paymentsConfigured()) return null;
  const [paid] = await tx
    .select({ intent: paymentTransactions.stripePaymentIntentId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, applicationId),
        eq(paymentTransactions.status, "completed"),
        eq(paymentTransactions.paymentMethod, "card"),
      ),
    )
    .limit(1);
  if (!paid?.intent) return null;
  try {
    return readStripe("payment_intent", await stripe().paymentIntents.retrieve(paid.intent)).payment_method;
  } catch (error) {
    // Her account is made without it; she adds her card on her Billing tab.
    await recordRefusalOf(error, "Her saved card could not be read", { applicationId }, tx);
    if (!isStripeRefusal(error))
      console.error("[invitations] could not read the payment method from Stripe:", (error as Error).message);
    return null;
  }
}
