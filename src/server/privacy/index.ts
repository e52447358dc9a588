import "server-only";
import { holdsAdminRole } from "@/lib/auth/access";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db";
import {
  applications,
  chatMessages,
  contactMessages,
  contentBookmarks,
  contentComments,
  contentItemViews,
  courseEnrolments,
  courseQuizAttempts,
  emailOutbox,
  eventInquiries,
  eventRsvps,
  forumBlocks,
  forumPosts,
  forumReactions,
  forumReports,
  forumTopics,
  forumTopicSubscriptions,
  forumTopicViews,
  invitations,
  lessonCompletions,
  lessonVideoPositions,
  memberOnboarding,
  memberPoints,
  memberships,
  mentorshipRequests,
  messageReports,
  messages,
  messageSettings,
  notificationPreferences,
  notifications,
  notificationSettings,
  pushSubscriptions,
  newsletterSubscribers,
  partnerRegistrations,
  partners,
  passwordResetTokens,
  emailChangeTokens,
  paymentTransactions,
  pointEntries,
  recoveryCodes,
  sessions,
  users,
} from "@/db/schema";
import { badRequest, conflict, notFound, tooManyRequests } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeAllSessions } from "@/server/auth/sessions";
import { recordUse, secondsBlocked, type LimitPolicy } from "@/server/rate-limit";
import { getSpiritualProfile } from "@/server/spiritual-profile";

/** Days between her request and the erasure; signing in within them cancels it (cancelDeletionOnSignIn, src/server/auth/users.ts). */
export const DELETION_GRACE_DAYS = 30;
export const FORMER_MEMBER = "Former member";
const WRONG_PASSWORD = "Your password is not right.";
/** Wrong passwords when asking for deletion, per account: a session alone must not be a password oracle. */
const DELETION_PASSWORD_POLICY: LimitPolicy = { keyPrefix: "deletion_password", points: 5, durationSeconds: 15 * 60 };
export const ADMIN_DELETION_MESSAGE =
  "An administrator's account cannot be deleted. Ask another administrator to remove your admin right first.";

/** Columns never handed out, even to her: hashes of her secrets and one-time tokens. */
const SECRET_COLUMN = /hash|secret|token/i;

/**
 * The tables that hold rows about her, each with the condition that picks hers. Rows where she is only
 * the other party (someone who blocked her, a mentorship request sent to her, applications she
 * reviewed as an admin) are someone else's data and are not exported.
 */
function herRows(userId: number, email: string): [string, PgTable, SQL][] {
  const byEmail = (column: PgColumn) => eq(sql`lower(${column})`, email.toLowerCase());
  return [
    ["sessions", sessions, eq(sessions.userId, userId)],
    ["applications", applications, eq(applications.userId, userId)],
    ["memberships", memberships, eq(memberships.userId, userId)],
    ["payments", paymentTransactions, eq(paymentTransactions.userId, userId)],
    ["eventRsvps", eventRsvps, eq(eventRsvps.userId, userId)],
    ["eventInquiries", eventInquiries, byEmail(eventInquiries.email)],
    ["forumTopics", forumTopics, eq(forumTopics.userId, userId)],
    ["forumPosts", forumPosts, eq(forumPosts.userId, userId)],
    ["forumReactions", forumReactions, eq(forumReactions.userId, userId)],
    ["forumReports", forumReports, eq(forumReports.reporterId, userId)],
    ["forumBlocks", forumBlocks, eq(forumBlocks.blockerId, userId)],
    ["forumSubscriptions", forumTopicSubscriptions, eq(forumTopicSubscriptions.userId, userId)],
    ["libraryComments", contentComments, eq(contentComments.userId, userId)],
    ["libraryBookmarks", contentBookmarks, eq(contentBookmarks.userId, userId)],
    ["courseEnrolments", courseEnrolments, eq(courseEnrolments.userId, userId)],
    ["lessonCompletions", lessonCompletions, eq(lessonCompletions.userId, userId)],
    ["quizAttempts", courseQuizAttempts, eq(courseQuizAttempts.userId, userId)],
    ["videoPositions", lessonVideoPositions, eq(lessonVideoPositions.userId, userId)],
    ["pointsEarned", pointEntries, eq(pointEntries.userId, userId)],
    ["points", memberPoints, eq(memberPoints.userId, userId)],
    ["onboarding", memberOnboarding, eq(memberOnboarding.userId, userId)],
    ["assistantMessages", chatMessages, eq(chatMessages.userId, userId)],
    ["mentorshipRequests", mentorshipRequests, eq(mentorshipRequests.requesterId, userId)],
    ["messagesSent", messages, eq(messages.senderId, userId)],
    ["messageReports", messageReports, eq(messageReports.reporterId, userId)],
    ["messageSettings", messageSettings, eq(messageSettings.userId, userId)],
    ["notifications", notifications, eq(notifications.userId, userId)],
    ["notificationPreferences", notificationPreferences, eq(notificationPreferences.userId, userId)],
    ["pushSubscriptions", pushSubscriptions, eq(pushSubscriptions.userId, userId)],
    ["partner", partners, eq(partners.userId, userId)],
    ["newsletter", newsletterSubscribers, byEmail(newsletterSubscribers.email)],
    ["contactMessages", contactMessages, byEmail(contactMessages.email)],
  ];
}

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)));

/**
 * Everything we hold about her, as one JSON document: her account and profile, her birth data and
 * reports decrypted (for her alone: the route is SELF), and every row of hers in the tables above.
 */
export async function exportMemberData(viewer: SessionUser): Promise<Record<string, unknown>> {
  const userId = viewer.id;
  const [account] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  if (!account) throw notFound();
  const {
    birthDataEncrypted: _birth,
    astrologyReport: _a,
    geneKeyReport: _g,
    humanDesignReport: _h,
    passwordHash: _p,
    totpSecretEncrypted: _t,
    ...profile
  } = account;
  const spiritualProfile = await getSpiritualProfile(viewer, userId);
  const tables = await Promise.all(
    herRows(userId, account.email).map(
      async ([name, table, where]) => [name, (await db.select().from(table).where(where)).map(withoutSecrets)] as const,
    ),
  );
  return {
    exportedAt: new Date().toISOString(),
    account: withoutSecrets({ ...profile, twoFactorEnabled: account.totpEnabledAt !== null }),
    spiritualProfile,
    ...Object.fromEntries(tables),
  };
}

/**
 * She asks for her account to be deleted: her password confirms it, every session ends, and in
 * DELETION_GRACE_DAYS days the daily job erases her unless she signs in before then.
 */
export async function requestAccountDeletion(userId: number, password: string, ip: string | null): Promise<Date> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  if (!account) throw notFound();
  const wait = await secondsBlocked(DELETION_PASSWORD_POLICY, String(userId));
  if (wait > 0) throw tooManyRequests(wait, "Too many wrong passwords. Please wait a few minutes and try again.");
  if (!(await verifyPassword(account.passwordHash, password))) {
    await recordUse(DELETION_PASSWORD_POLICY, String(userId));
    throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
  if (holdsAdminRole(account)) throw conflict(ADMIN_DELETION_MESSAGE);
  const requestedAt = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deletionRequestedAt: requestedAt }).where(eq(users.id, userId));
    await revokeAllSessions(userId, tx);
    await recordAudit(
      { actorId: userId, action: "member.deletion_requested", entityType: "user", entityId: userId, ip },
      tx,
    );
  });
  return new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * 86_400_000);
}

/**
 * The daily job: erases every account whose grace period ended before `now`. Her personal data goes;
 * her forum topics, replies and library comments stay under "Former member"; payments, memberships
 * and applications stay as the law requires, with her name, address and answers removed.
 */
export async function eraseDueAccounts(now = new Date()): Promise<number[]> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.erasedAt),
        lte(users.deletionRequestedAt, new Date(now.getTime() - DELETION_GRACE_DAYS * 86_400_000)),
      ),
    );
  for (const { id } of due) await eraseAccount(id, now);
  return due.map((row) => row.id);
}

async function eraseAccount(userId: number, now: Date): Promise<void> {
  const unusablePassword = await hashPassword(randomBytes(32).toString("base64url"));
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.erasedAt)))
      .for("update");
    if (!account) return;
    const email = account.email.toLowerCase();
    const erasedEmail = `erased-${userId}@invalid.invalid`;
    const hersByEmail = (column: PgColumn) => eq(sql`lower(${column})`, email);

    await revokeAllSessions(userId, tx);
    for (const [table, where] of [
      [sessions, eq(sessions.userId, userId)],
      [passwordResetTokens, eq(passwordResetTokens.userId, userId)],
      [emailChangeTokens, eq(emailChangeTokens.userId, userId)],
      [recoveryCodes, eq(recoveryCodes.userId, userId)],
      [partnerRegistrations, eq(partnerRegistrations.userId, userId)],
      [eventRsvps, eq(eventRsvps.userId, userId)],
      [forumTopicViews, eq(forumTopicViews.userId, userId)],
      [forumTopicSubscriptions, eq(forumTopicSubscriptions.userId, userId)],
      [forumBlocks, or(eq(forumBlocks.blockerId, userId), eq(forumBlocks.blockedId, userId))],
      [contentBookmarks, eq(contentBookmarks.userId, userId)],
      [contentItemViews, eq(contentItemViews.userId, userId)],
      [chatMessages, eq(chatMessages.userId, userId)],
      [mentorshipRequests, or(eq(mentorshipRequests.requesterId, userId), eq(mentorshipRequests.mentorId, userId))],
      // Her direct messages go with her (the other member keeps the conversation with her own messages),
      // and so do her notifications, their settings and her devices' push subscriptions.
      [messages, eq(messages.senderId, userId)],
      [messageReports, eq(messageReports.reporterId, userId)],
      [messageSettings, eq(messageSettings.userId, userId)],
      [notifications, or(eq(notifications.userId, userId), eq(notifications.actorId, userId))],
      [notificationPreferences, eq(notificationPreferences.userId, userId)],
      [notificationSettings, eq(notificationSettings.userId, userId)],
      [pushSubscriptions, eq(pushSubscriptions.userId, userId)],
      [newsletterSubscribers, hersByEmail(newsletterSubscribers.email)],
      [contactMessages, hersByEmail(contactMessages.email)],
      [eventInquiries, hersByEmail(eventInquiries.email)],
      [emailOutbox, hersByEmail(emailOutbox.to)],
    ] as [PgTable, SQL][])
      await tx.delete(table).where(where);

    const herApplications = or(eq(applications.userId, userId), hersByEmail(applications.email));
    const applicationIds = tx.select({ id: applications.id }).from(applications).where(herApplications);
    await tx
      .update(invitations)
      .set({ email: erasedEmail })
      .where(or(eq(invitations.userId, userId), inArray(invitations.applicationId, applicationIds)));
    await tx
      .update(applications)
      .set({ firstName: FORMER_MEMBER, lastName: "", email: erasedEmail, phone: "", heardAbout: "", whyJoin: "" })
      .where(herApplications);
    await tx.update(paymentTransactions).set({ notes: null }).where(eq(paymentTransactions.userId, userId));
    await tx
      .update(users)
      .set({
        username: `former-member-${userId}`,
        email: erasedEmail,
        passwordHash: unusablePassword,
        firstName: FORMER_MEMBER,
        lastName: "",
        bio: null,
        profilePicture: null,
        location: null,
        occupation: null,
        interests: [],
        isMentor: false,
        mentorTopics: [],
        membershipLevel: null,
        hiddenFromDirectory: true,
        isPartner: false,
        permissions: {},
        birthDataEncrypted: null,
        astrologyReport: null,
        geneKeyReport: null,
        humanDesignReport: null,
        stripePaymentMethodId: null,
        totpSecretEncrypted: null,
        totpEnabledAt: null,
        erasedAt: now,
      })
      .where(eq(users.id, userId));
    await recordAudit({ actorId: null, action: "member.erased", entityType: "user", entityId: userId }, tx);
  });
}
