import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, lt, lte, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor, Transaction } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import type { OutboxStatus } from "@/features/email/constants";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import { getSiteSettings } from "@/server/settings";
import { liftSuppression, permanentRefusal, suppressAddress, suppressionOf } from "./suppressions";
import { fromAddress, outboxMessageId, smtpAttemptSeconds, smtpTransport } from "./transport";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** What caused it, e.g. "password-reset"; shown in /admin/outbox. */
  kind: string;
  /** A bulk email (bulkEmail in ./bulk): carries its list's unsubscribe and is not sent to a suppressed address. */
  bulk?: boolean;
}

/**
 * Retries: 30 s after the first failure, doubling up to every 10 minutes, for as long as three days,
 * so that an SMTP outage of hours loses nothing; after that the message is failed and an admin can
 * send it again. The sweep, every minute, asks for the delivery of whatever is due.
 */
export const RETRY_FIRST_DELAY_SECONDS = 30;
export const RETRY_MAX_DELAY_SECONDS = 600;
export const GIVE_UP_AFTER_HOURS = 72;
/**
 * How long a worker holds a message while sending it: just over the longest an attempt may take, so
 * that the sweep frees a message whose worker died mid-send about a minute later, never while an
 * attempt can still be going. Delivery is at least once: a worker killed after the server took the
 * message but before it was marked sent sends it again, with the same Message-ID.
 */
export const sendingLeaseSeconds = (): number => smtpAttemptSeconds() + 15;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_SECONDS);
}

/** The attempts that span GIVE_UP_AFTER_HOURS; counted, so that an admin's retry starts a new span. */
export const MAX_DELIVERY_ATTEMPTS = (() => {
  let attempts = 1;
  for (let waited = 0; waited < GIVE_UP_AFTER_HOURS * 3600; attempts++) waited += retryDelaySeconds(attempts);
  return attempts;
})();

const secondsAfter = (time: Date, seconds: number) => new Date(time.getTime() + seconds * 1000);
/**
 * The database keeps microseconds and a Date only milliseconds: a message queued at 12:00:00.123456
 * and asked for at 12:00:00.123 (the same millisecond, on a fast machine) is due, not 456 µs early.
 */
const endOfMillisecond = (time: Date) => sql`${time}::timestamptz + interval '999 microseconds'`;

async function insertEmail(executor: Executor, email: OutgoingEmail): Promise<number> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers ?? {},
      kind: email.kind,
      bulk: email.bulk ?? false,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export type QueueEmail = (email: OutgoingEmail) => Promise<void>;

/**
 * Runs `work` in a transaction in which emails can be queued: they are committed together with the
 * change that causes them, and delivery is requested once the transaction has committed. If that
 * request is lost, the minutely sweep finds the message.
 */
export async function transactionWithEmail<T>(
  work: (tx: Transaction, queueEmail: QueueEmail) => Promise<T>,
): Promise<T> {
  const ids: number[] = [];
  const result = await db.transaction((tx) => work(tx, async (email) => void ids.push(await insertEmail(tx, email))));
  await requestDelivery(ids);
  return result;
}

export async function queueEmail(email: OutgoingEmail): Promise<number> {
  const id = await insertEmail(db, email);
  await requestDelivery([id]);
  return id;
}

async function requestDelivery(ids: number[]): Promise<void> {
  if (ids.length === 0 || !smtpTransport()) return;
  try {
    const { name, ...options } = QUEUES.emailDeliver;
    for (const id of ids) await sendJob(name, { id }, { ...options, singletonKey: `email-${id}` });
  } catch (error) {
    console.error("[outbox] could not request delivery; the sweep will retry", error);
  }
}

/**
 * Job handler: sends one message if it is due. A failure puts it back in the queue with its next
 * attempt due later (see retryDelaySeconds), or fails it for good after three days of tries. `now` is
 * a parameter so that tests can run an outage of hours in simulated time.
 */
export async function deliverEmail(id: number, now: Date = new Date()): Promise<void> {
  const transport = smtpTransport();
  if (!transport) return;
  const claimed = await db
    .update(emailOutbox)
    .set({
      status: "sending",
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: secondsAfter(now, sendingLeaseSeconds()),
    })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, "queued"),
        lte(emailOutbox.nextAttemptAt, endOfMillisecond(now)),
      ),
    )
    .returning();
  const email = claimed[0];
  if (!email) return; // not due, already sent, failed for good, or being sent by another worker
  const suppressed = email.bulk ? await suppressionOf(email.to) : null;
  if (suppressed) {
    await db
      .update(emailOutbox)
      .set({ status: "suppressed", lastError: `Not sent: this address refuses mail (${suppressed.reason})` })
      .where(eq(emailOutbox.id, id));
    return;
  }
  try {
    const settings = await getSiteSettings();
    const sending = transport.sendMail({
      from: fromAddress(settings.siteName),
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      headers: email.headers,
      messageId: outboxMessageId(email),
    });
    await withDeadline(sending, smtpAttemptSeconds() * 1000);
    await db.update(emailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(emailOutbox.id, id));
    await liftSuppression(email.to);
  } catch (error) {
    // A permanent refusal (5xx) is not retried: the address is suppressed for bulk mail.
    const refusal = permanentRefusal(error);
    if (refusal) await suppressAddress(email.to, refusal, id);
    const giveUp = refusal !== null || email.attempts >= MAX_DELIVERY_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        status: giveUp ? "failed" : "queued",
        nextAttemptAt: secondsAfter(now, retryDelaySeconds(email.attempts)),
        lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
      })
      .where(eq(emailOutbox.id, id));
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the SMTP server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Messages due for an attempt at `now`, after freeing those whose worker died mid-send. */
export async function dueOutboxIds(now: Date = new Date(), limit = 500): Promise<number[]> {
  await db
    .update(emailOutbox)
    .set({ status: "queued" })
    .where(and(eq(emailOutbox.status, "sending"), lt(emailOutbox.nextAttemptAt, now)));
  const due = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, endOfMillisecond(now))))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(limit);
  return due.map((row) => row.id);
}

/** Job handler, every minute: asks for the delivery of every message that is due (retries, lost requests). */
export async function sweepOutbox(): Promise<void> {
  if (!smtpTransport()) return;
  await requestDelivery(await dueOutboxIds());
}

export async function listOutbox(
  viewer: SessionUser,
  options: { status?: OutboxStatus; limit: number; offset: number },
) {
  assertAccess(viewer, ADMIN);
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(where),
  ]);
  return { messages: rows, total: count?.total ?? 0 };
}

export async function getOutboxMessage(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}

/** An admin sends a message that failed for good back into the queue. */
export async function retryOutboxMessage(viewer: SessionUser, id: number): Promise<boolean> {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, lastError: null, nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  await requestDelivery(rows.map((r) => r.id));
  return rows.length > 0;
}
