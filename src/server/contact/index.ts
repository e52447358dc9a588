import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { desc, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import { contactMessages } from "@/db/schema";
import { adminRecipients } from "@/server/email/admin-recipients";
import { siteUrl } from "@/lib/http/site-url";
import { renderEmail } from "@/server/email/render";
import { transactionWithEmail, type QueueEmail } from "@/server/email/outbox";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { readSiteSettings } from "@/server/settings";
import type { z } from "@/lib/validation";
import type { contactMessageSchema } from "@/features/contact/schemas";

// The form is limited per client address, per sender address and overall, and the
// administrators hear of a burst of messages in one notice, not one email each.
const CONTACT_IP_POLICY: LimitPolicy = { keyPrefix: "contact_ip", points: 5, durationSeconds: 60 * 60 };
const CONTACT_SENDER_POLICY: LimitPolicy = { keyPrefix: "contact_sender", points: 3, durationSeconds: 60 * 60 };
const CONTACT_ALL_POLICY: LimitPolicy = { keyPrefix: "contact_all", points: 100, durationSeconds: 60 * 60 };

const TOO_MANY_FROM_YOU = "You have sent several messages already. Please try again later.";
export const TOO_MANY_OVERALL = "We are receiving a great many messages just now. Please try again in an hour.";

/**
 * After a notice, the administrators are told of new messages at most this often: a message that
 * arrives in a quiet time is emailed at once, the ones that follow it wait for the next notice.
 */
export const CONTACT_NOTICE_MINUTES = 10;
/** How many messages a notice quotes in full; the rest are counted and wait on /admin/messages. */
const QUOTED_IN_NOTICE = 20;
const QUOTE_LENGTH = 600;

/**
 * Stores a message from the FAQ or contact form (unwired forms store what was sent and
 * email the right people) and tells the administrators and the site's contact address: at once when
 * no notice went out in the last CONTACT_NOTICE_MINUTES, otherwise in the next one (sendContactNotices).
 */
export async function sendContactMessage(input: z.output<typeof contactMessageSchema>, ip: string): Promise<void> {
  await consumeOrThrow(CONTACT_IP_POLICY, ip, TOO_MANY_FROM_YOU);
  await consumeOrThrow(CONTACT_SENDER_POLICY, input.email.toLowerCase(), TOO_MANY_FROM_YOU);
  await consumeOrThrow(CONTACT_ALL_POLICY, "all", TOO_MANY_OVERALL);
  await transactionWithEmail(async (tx, queueEmail) => {
    await tx.insert(contactMessages).values(input);
    await noticeIfDue(tx, queueEmail, new Date());
  });
}

/**
 * The minutely job: one notice of the messages that waited, once the interval since the last has
 * passed. `now` decides only whether one is due (tests pass a later time); notices are dated by the clock.
 */
export async function sendContactNotices(now = new Date()): Promise<number> {
  return transactionWithEmail((tx, queueEmail) => noticeIfDue(tx, queueEmail, now));
}

/** Claims the messages nobody was told of and sends one notice of them, if one is due; answers how many. */
async function noticeIfDue(tx: Transaction, queueEmail: QueueEmail, now: Date): Promise<number> {
  // One notice at a time: two messages arriving together never both send one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact_notice'))`);
  const [last] = await tx.select({ at: sql<string | null>`max(${contactMessages.notifiedAt})` }).from(contactMessages);
  if (last?.at && now.getTime() - new Date(last.at).getTime() < CONTACT_NOTICE_MINUTES * 60_000) return 0;
  const waiting = await tx
    .update(contactMessages)
    .set({ notifiedAt: sql`now()` })
    .where(isNull(contactMessages.notifiedAt))
    .returning({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      source: contactMessages.source,
    });
  if (waiting.length === 0) return 0;
  waiting.sort((a, b) => a.id - b.id);
  const settings = await readSiteSettings(tx);
  const admins = await adminRecipients(tx);
  const recipients = new Set([settings.contactEmail, ...admins].filter(Boolean).map((e) => e.toLowerCase()));
  const notice =
    waiting.length === 1 ? oneMessage(settings.siteName, waiting[0]!) : severalMessages(settings.siteName, waiting);
  for (const to of recipients) await queueEmail({ to, kind: "contact-message", ...notice });
  return waiting.length;
}

type Waiting = { id: number; name: string; email: string; subject: string; message: string; source: string };

const sourcePage = (m: Waiting) => (m.source === "faq" ? "FAQ" : "Contact");

function oneMessage(siteName: string, m: Waiting) {
  return {
    subject: `[${siteName}] ${m.subject}`,
    headers: { "Reply-To": m.email },
    ...renderEmail({
      siteName,
      heading: `New message: ${m.subject}`,
      paragraphs: [
        `From: ${m.name} <${m.email}>`,
        `Sent from the ${sourcePage(m)} page (message #${m.id}).`,
        m.message,
      ],
      footer: "Reply to this email to answer the sender.",
    }),
  };
}

function severalMessages(siteName: string, messages: Waiting[]) {
  const quoted = messages.slice(0, QUOTED_IN_NOTICE).map((m) => {
    const text = m.message.length > QUOTE_LENGTH ? `${m.message.slice(0, QUOTE_LENGTH)}…` : m.message;
    return `#${m.id} "${m.subject}" from ${m.name} <${m.email}> (${sourcePage(m)} page):\n${text}`;
  });
  const more = messages.length - quoted.length;
  return {
    subject: `[${siteName}] ${messages.length} new contact messages`,
    ...renderEmail({
      siteName,
      heading: `${messages.length} new contact messages`,
      paragraphs: [...quoted, ...(more > 0 ? [`And ${more} more.`] : [])],
      action: { label: "Read them all", url: `${siteUrl()}/admin/messages` },
      footer: `Several messages arrived together, so they come in one email (at most one every ${CONTACT_NOTICE_MINUTES} minutes). Answer each sender at her address.`,
    }),
  };
}

/** How many messages the admin screen shows; older ones stay in the database and in the admins' mail. */
export const CONTACT_MESSAGES_SHOWN = 200;

/** The newest messages first, for the admins' Contact Messages screen. */
export async function listContactMessages(viewer: SessionUser, limit = CONTACT_MESSAGES_SHOWN) {
  assertAccess(viewer, ADMIN);
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      source: contactMessages.source,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}
