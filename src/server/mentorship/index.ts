import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { mentorshipRequests, users } from "@/db/schema";
import { conflict, forbidden, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import { transactionWithEmail, type OutgoingEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { consumeOrThrow } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { notifyMember } from "@/server/notifications";
import type { OpenMentorshipRequest, ReceivedRequest } from "@/features/mentorship/types";
import {
  MENTORSHIP_REQUESTS_PER_DAY,
  type MentorshipDecision,
  type MentorshipRequestInput,
} from "@/features/mentorship/schemas";

const DAILY_REQUESTS = {
  keyPrefix: "mentorship_request",
  points: MENTORSHIP_REQUESTS_PER_DAY,
  durationSeconds: 86_400,
};

/** The mentor a request goes to: an active member who offers mentorship with topics. */
export async function findMentor(mentorId: number) {
  const [mentor] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mentorTopics: users.mentorTopics,
    })
    .from(users)
    .where(and(eq(users.id, mentorId), eq(users.isMentor, true), isNull(users.disabledAt)))
    .limit(1);
  if (!mentor || mentor.mentorTopics.length === 0) throw notFound("This member does not offer mentorship.");
  return mentor;
}

/** Stores a request and emails the mentor through the outbox; at most 5 a day and one open request per mentor. */
export async function sendMentorshipRequest(
  requester: SessionUser,
  mentorId: number,
  input: MentorshipRequestInput,
  baseUrl: string,
) {
  if (requester.id === mentorId) throw forbidden("You cannot ask yourself for mentorship.");
  const mentor = await findMentor(mentorId);
  await consumeOrThrow(
    DAILY_REQUESTS,
    String(requester.id),
    `You can send at most ${MENTORSHIP_REQUESTS_PER_DAY} mentorship requests a day. Please try again tomorrow.`,
  );
  const { siteName } = await getSiteSettings();
  const topic = input.topic && mentor.mentorTopics.includes(input.topic) ? input.topic : null;
  return transactionWithEmail(async (tx, queueEmail) => {
    const [row] = await tx
      .insert(mentorshipRequests)
      .values({ mentorId, requesterId: requester.id, topic, message: input.message })
      .onConflictDoNothing()
      .returning({ id: mentorshipRequests.id });
    if (!row) throw conflict(`You already have an open mentorship request with ${mentor.firstName}.`);
    await notifyMember(tx, {
      userId: mentorId,
      kind: "mentorship_request",
      actorId: requester.id,
      title: "asked for your mentorship",
      url: "/profile?tab=mentorship",
      dedupeKey: `mentorship:${row.id}`,
    });
    await queueEmail({
      to: mentor.email,
      kind: "mentorship-request",
      subject: `${requester.firstName} ${requester.lastName} would like your mentorship`,
      ...renderEmail({
        siteName,
        heading: "A new mentorship request",
        paragraphs: [
          `Hi ${mentor.firstName},`,
          `${requester.firstName} ${requester.lastName} asked for your mentorship${topic ? ` on ${topic}` : ""}:`,
          input.message,
          "You can accept or decline it on your profile. When you accept, you both receive each other's email address.",
        ],
        action: { label: "See the request", url: `${baseUrl}/profile?tab=mentorship` },
      }),
    });
    return { id: row.id, mentorName: mentor.firstName };
  });
}

/** Her open (unanswered) request to this mentor, if any: while it is open the profile shows it instead of the form. */
export async function openRequestTo(requesterId: number, mentorId: number): Promise<OpenMentorshipRequest | null> {
  const [row] = await db
    .select({ createdAt: mentorshipRequests.createdAt })
    .from(mentorshipRequests)
    .where(
      and(
        eq(mentorshipRequests.requesterId, requesterId),
        eq(mentorshipRequests.mentorId, mentorId),
        eq(mentorshipRequests.status, "pending"),
      ),
    )
    .limit(1);
  return row ? { sentAt: row.createdAt.toISOString() } : null;
}

/** The requests a mentor has received, open ones first (her own profile's Mentorship tab). */
export async function listReceivedRequests(mentorId: number): Promise<ReceivedRequest[]> {
  const rows = await db
    .select({
      id: mentorshipRequests.id,
      requesterId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      email: users.email,
      topic: mentorshipRequests.topic,
      message: mentorshipRequests.message,
      status: mentorshipRequests.status,
      createdAt: mentorshipRequests.createdAt,
    })
    .from(mentorshipRequests)
    .innerJoin(users, eq(users.id, mentorshipRequests.requesterId))
    .where(eq(mentorshipRequests.mentorId, mentorId))
    .orderBy(sql`${mentorshipRequests.status} = 'pending' desc`, desc(mentorshipRequests.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    requester: { id: r.requesterId, firstName: r.firstName, lastName: r.lastName, profilePicture: r.profilePicture },
    requesterEmail: r.status === "accepted" ? r.email : null,
    topic: r.topic,
    message: r.message,
    status: r.status as ReceivedRequest["status"],
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Checks, before a decision's body is read, that the request is one the caller received. */
export async function assertRequestMentor(user: SessionUser, requestId: number): Promise<void> {
  const [row] = await db
    .select({ mentorId: mentorshipRequests.mentorId })
    .from(mentorshipRequests)
    .where(eq(mentorshipRequests.id, requestId))
    .limit(1);
  if (!row || row.mentorId !== user.id) throw notFound("Mentorship request not found.");
}

/** Accept (both get each other's email) or decline (a kind note to the member who asked). */
export async function decideMentorshipRequest(mentor: SessionUser, requestId: number, status: MentorshipDecision) {
  const { siteName } = await getSiteSettings();
  return transactionWithEmail(async (tx, queueEmail) => {
    const [request] = await tx
      .update(mentorshipRequests)
      .set({ status, respondedAt: new Date() })
      .where(
        and(
          eq(mentorshipRequests.id, requestId),
          eq(mentorshipRequests.mentorId, mentor.id),
          eq(mentorshipRequests.status, "pending"),
        ),
      )
      .returning();
    if (!request) throw conflict("This request has already been answered.");
    const [requester] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, request.requesterId));
    if (!requester) throw notFound("Mentorship request not found.");
    await notifyMember(tx, {
      userId: request.requesterId,
      kind: "mentorship_answer",
      actorId: mentor.id,
      title: status === "accepted" ? "accepted your mentorship request" : "answered your mentorship request",
      url: `/profile/${mentor.id}`,
      dedupeKey: `mentorship-answer:${request.id}`,
    });
    const email = (to: string, heading: string, paragraphs: string[]): OutgoingEmail => ({
      to,
      kind: `mentorship-${status}`,
      subject: heading,
      ...renderEmail({ siteName, heading, paragraphs }),
    });
    if (status === "accepted") {
      await queueEmail(
        email(requester.email, `${mentor.firstName} accepted your mentorship request`, [
          `Hi ${requester.firstName},`,
          `${mentor.firstName} ${mentor.lastName} would be glad to mentor you. Write to her at ${mentor.email} to arrange your first conversation.`,
        ]),
      );
      await queueEmail(
        email(mentor.email, `You are now mentoring ${requester.firstName}`, [
          `Hi ${mentor.firstName},`,
          `Thank you for accepting ${requester.firstName} ${requester.lastName}'s request. You can reach her at ${requester.email}; we have sent her your address too.`,
        ]),
      );
    } else {
      await queueEmail(
        email(requester.email, "About your mentorship request", [
          `Hi ${requester.firstName},`,
          `Thank you for reaching out to ${mentor.firstName}. She is not able to take on a new mentee right now, and that says nothing about you or your request.`,
          "Other mentors in the member directory may be a wonderful fit: you can find them with its Mentors filter.",
        ]),
      );
    }
    return { id: request.id, status };
  });
}
