import "server-only";
import PgBoss from "pg-boss";
import type { Pool } from "pg";
import { pool as requestsPool } from "@/db";
import { createPool } from "@/db/pool.mjs";
import { withStartupLock } from "@/db/startup-lock";
import { env } from "@/lib/env";

const globalForBoss = globalThis as unknown as { boss?: Promise<{ boss: PgBoss; pool: Pool }> };

/** Queues, with their retry policy. pg-boss keeps jobs in PostgreSQL, so any instance may run them. */
export const QUEUES = {
  // Retries of email delivery are the outbox's own (src/server/email/outbox.ts), not pg-boss's.
  emailDeliver: { name: "email.deliver", retryLimit: 0 },
  emailSweep: { name: "email.sweep", retryLimit: 0 },
  lumaSync: { name: "luma.sync", retryLimit: 0, expireInSeconds: 240 },
  storagePurge: { name: "storage.purge", retryLimit: 2 },
  commissionsEligible: { name: "affiliate.commissions-eligible", retryLimit: 2 },
  assistantReindex: { name: "assistant.reindex", retryLimit: 2 },
  // An event: the site settings were saved. The assistant listens, re-indexing the passages that quote them.
  siteSettingsSaved: { name: "settings.saved", retryLimit: 2 },
  // An event: some content was saved (content-saved.ts). The assistant listens, re-indexing its passages.
  contentSaved: { name: "content.saved", retryLimit: 3 },
  libraryPublish: { name: "library.publish", retryLimit: 3 },
  libraryWordsPrune: { name: "library.words-prune", retryLimit: 2 },
  // A large forum's first cooking after an upgrade may take many minutes; each batch commits, so a retry goes on from there.
  forumCook: { name: "forum.cook", retryLimit: 3, expireInSeconds: 3600 },
  accountsErase: { name: "privacy.erase-accounts", retryLimit: 2 },
  billingReminders: { name: "billing.reminders", retryLimit: 2 },
  billingReconcile: { name: "billing.reconcile", retryLimit: 2 },
  // A fan-out is one transaction, so a retry after a worker died runs it again whole.
  notificationsFanOut: {
    name: "notifications.fan-out",
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  notificationsSweep: { name: "notifications.sweep", retryLimit: 0 },
  eventReminders: { name: "notifications.event-reminders", retryLimit: 2 },
  onboardingReminders: { name: "onboarding.reminders", retryLimit: 2 },
  lessonOpenedNotices: { name: "courses.lesson-opened", retryLimit: 2 },
  notificationEmails: { name: "notifications.email", retryLimit: 0 },
  pushSweep: { name: "notifications.push-sweep", retryLimit: 0 },
  dailyDigest: { name: "notifications.daily-digest", retryLimit: 2 },
  weeklyDigest: { name: "notifications.weekly-digest", retryLimit: 2 },
  contactNotices: { name: "contact.notices", retryLimit: 0 },
  // An event: a member confirmed a new email address. Billing listens, giving it to her Stripe customer.
  accountEmailChanged: { name: "account.email-changed", retryLimit: 5, retryDelay: 60, retryBackoff: true },
  // An administrator's recompute of every member's points (src/server/levels/recompute.ts): one transaction.
  levelsRecompute: { name: "levels.recompute", retryLimit: 1, expireInSeconds: 3600 },
} as const;

async function startBoss(): Promise<{ boss: PgBoss; pool: Pool }> {
  // The job queue's own pool, with its limits (src/db/pool.mjs), given to pg-boss as its database.
  const pool = createPool({ connectionString: env().DATABASE_URL, max: 3, profile: "jobs" });
  pool.on("error", (error) => console.error("[jobs] idle connection lost:", error.message));
  const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) } });
  boss.on("error", (error) => console.error("[jobs]", error));
  try {
    // pg-boss creates its tables and a partition per queue (DDL on the shared job table): under the
    // start-up lock, so instances starting together never deadlock on it.
    await withStartupLock(env().DATABASE_URL, async () => {
      await boss.start();
      for (const queue of Object.values(QUEUES)) await boss.createQueue(queue.name, queue);
    });
    return { boss, pool };
  } catch (error) {
    await boss.stop({ graceful: false, wait: false }).catch(() => {});
    await pool.end().catch(() => {});
    throw error;
  }
}

/** The process's pg-boss client, started on first use (sending only needs a started client). */
export async function getBoss(): Promise<PgBoss> {
  globalForBoss.boss ??= startBoss().catch((error) => {
    globalForBoss.boss = undefined; // the next caller tries again
    throw error;
  });
  return (await globalForBoss.boss).boss;
}

/**
 * Sends a job on behalf of a request, through the requests' own pool, so that it keeps to their time
 * limits (src/db/pool.mjs): with a stalled database the request gets its answer within seconds, not
 * after the job queue's longer limits. Callers have a sweep that catches a request that was lost.
 */
export async function sendJob(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  const boss = await getBoss();
  await boss.send(name, data, { ...options, db: { executeSql: (text, values) => requestsPool().query(text, values) } });
}

export async function stopBoss(): Promise<void> {
  const started = globalForBoss.boss;
  globalForBoss.boss = undefined;
  if (!started) return;
  const { boss, pool } = await started;
  await boss.stop({ graceful: true, wait: true });
  await pool.end();
}
