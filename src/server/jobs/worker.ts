import "server-only";
import { env } from "@/lib/env";
import { deliverEmail, sweepOutbox } from "@/server/email/outbox";
import { syncLumaEvents } from "@/server/events/luma-sync";
import { getBoss, QUEUES } from "./boss";

let started = false;

export async function startJobWorkers(): Promise<void> {
  if (started || !env().JOBS_ENABLED) return;
  started = true;
  const boss = await getBoss();
  await boss.work<{ id: number }>(QUEUES.emailDeliver.name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await deliverEmail(job.data.id);
  });
  await boss.work(QUEUES.emailSweep.name, async () => sweepOutbox());
  await boss.schedule(QUEUES.emailSweep.name, "* * * * *");
  if (env().LUMA_API_KEY) {
    // Every 5 minutes; a failed pull keeps the last good events (decisions.md, Events).
    await boss.work(QUEUES.lumaSync.name, async () => {
      try {
        const result = await syncLumaEvents();
        if (result) console.log(`[luma] synced ${result.upserted} events, ${result.cancelled} cancelled, ${result.requests} requests`);
      } catch (error) {
        console.error("[luma] sync failed; serving the last good events", error);
      }
    });
    await boss.schedule(QUEUES.lumaSync.name, "*/5 * * * *");
    await boss.send(QUEUES.lumaSync.name, {}, { singletonKey: "luma-sync-start", singletonSeconds: 60 });
  }
}
