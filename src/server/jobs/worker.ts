import "server-only";
import { env } from "@/lib/env";
import { deliverEmail, sweepOutbox } from "@/server/email/outbox";
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
}
