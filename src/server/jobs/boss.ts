import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";

const globalForBoss = globalThis as unknown as { boss?: Promise<PgBoss> };

/** Queues, with their retry policy. pg-boss keeps jobs in PostgreSQL, so any instance may run them. */
export const QUEUES = {
  // Retries of email delivery are the outbox's own (src/server/email/outbox.ts), not pg-boss's.
  emailDeliver: { name: "email.deliver", retryLimit: 0 },
  emailSweep: { name: "email.sweep", retryLimit: 0 },
  lumaSync: { name: "luma.sync", retryLimit: 0, expireInSeconds: 240 },
  storagePurge: { name: "storage.purge", retryLimit: 2 },
  commissionsEligible: { name: "affiliate.commissions-eligible", retryLimit: 2 },
  assistantReindex: { name: "assistant.reindex", retryLimit: 2 },
  libraryPublish: { name: "library.publish", retryLimit: 3 },
  accountsErase: { name: "privacy.erase-accounts", retryLimit: 2 },
  billingReminders: { name: "billing.reminders", retryLimit: 2 },
  billingReconcile: { name: "billing.reconcile", retryLimit: 2 },
  // A fan-out is one transaction, so a retry after a worker died runs it again whole (issue 29).
  notificationsFanOut: { name: "notifications.fan-out", retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  notificationsSweep: { name: "notifications.sweep", retryLimit: 0 },
  eventReminders: { name: "notifications.event-reminders", retryLimit: 2 },
  notificationEmails: { name: "notifications.email", retryLimit: 0 },
  pushSweep: { name: "notifications.push-sweep", retryLimit: 0 },
  dailyDigest: { name: "notifications.daily-digest", retryLimit: 2 },
  weeklyDigest: { name: "notifications.weekly-digest", retryLimit: 2 },
} as const;

/** The process's pg-boss client, started on first use (sending only needs a started client). */
export function getBoss(): Promise<PgBoss> {
  globalForBoss.boss ??= (async () => {
    const boss = new PgBoss({ connectionString: env().DATABASE_URL, max: 3, application_name: "community-jobs" });
    boss.on("error", (error) => console.error("[jobs]", error));
    await boss.start();
    for (const queue of Object.values(QUEUES)) await boss.createQueue(queue.name, queue);
    return boss;
  })();
  return globalForBoss.boss;
}

export async function stopBoss(): Promise<void> {
  const boss = globalForBoss.boss;
  globalForBoss.boss = undefined;
  if (boss) await (await boss).stop({ graceful: true, wait: true });
}
