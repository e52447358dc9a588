import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor, Transaction } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import type { OutboxStatus } from "@/db/schema/enums";
import { getBoss, QUEUES } from "@/server/jobs/boss";
import { getSiteSettings } from "@/server/settings";
import { fromAddress, smtpTransport } from "./transport";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** What caused it, e.g. "password-reset"; shown in /admin/outbox. */
  kind: string;
}

/** 1 try + QUEUES.emailDeliver.retryLimit retries. */
export const MAX_DELIVERY_ATTEMPTS = QUEUES.emailDeliver.retryLimit + 1;

async function insertEmail(executor: Executor, email: OutgoingEmail): Promise<number> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html, headers: email.headers ?? {}, kind: email.kind })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export type QueueEmail = (email: OutgoingEmail) => Promise<void>;

/**
 * Runs `work` in a transaction in which emails can be queued: they are committed together with the
 * change that causes them, and delivery is requested once the transaction has committed. If that
 * request is lost, the minutely sweep finds the message.
 */
export async function transactionWithEmail<T>(work: (tx: Transaction, queueEmail: QueueEmail) => Promise<T>): Promise<T> {
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
    const boss = await getBoss();
    const { name, ...retry } = QUEUES.emailDeliver;
    for (const id of ids) await boss.send(name, { id }, { ...retry, singletonKey: `email-${id}` });
  } catch (error) {
    console.error("[outbox] could not request delivery; the sweep will retry", error);
  }
}

/** Job handler: sends one message. Throws on SMTP failure so that pg-boss retries with backoff. */
export async function deliverEmail(id: number): Promise<void> {
  const transport = smtpTransport();
  if (!transport) return;
  const claimed = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued")))
    .returning();
  const email = claimed[0];
  if (!email) return; // already sent, failed for good, or being sent by another worker
  try {
    const settings = await getSiteSettings();
    await transport.sendMail({
      from: fromAddress(settings.siteName),
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      headers: email.headers,
    });
    await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
  } catch (error) {
    const finalAttempt = email.attempts >= MAX_DELIVERY_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({ status: finalAttempt ? "failed" : "queued", lastError: String(error instanceof Error ? error.message : error).slice(0, 1000) })
      .where(eq(emailOutbox.id, id));
    if (!finalAttempt) throw error;
  }
}

/** Job handler: asks again for delivery of messages whose request was lost (e.g. a crash after commit). */
export async function sweepOutbox(): Promise<void> {
  if (!smtpTransport()) return;
  // A worker that died mid-send leaves its message "sending"; after ten minutes it is queued again.
  await db
    .update(emailOutbox)
    .set({ status: "queued" })
    .where(and(eq(emailOutbox.status, "sending"), lt(emailOutbox.createdAt, sql`now() - interval '10 minutes'`)));
  const stale = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), lt(emailOutbox.createdAt, sql`now() - interval '1 minute'`)))
    .limit(500);
  await requestDelivery(stale.map((row) => row.id));
}

export async function listOutbox(options: { status?: OutboxStatus; limit: number; offset: number }) {
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(options.limit).offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(emailOutbox).where(where),
  ]);
  return { messages: rows, total: count?.total ?? 0 };
}

export async function getOutboxMessage(id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}

/** An admin sends a message that failed for good back into the queue. */
export async function retryOutboxMessage(id: number): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  await requestDelivery(rows.map((r) => r.id));
  return rows.length > 0;
}
