import "server-only";
import { env } from "@/lib/env";
import { deliverEmail, sweepOutbox } from "@/server/email/outbox";
import { getBoss, QUEUES } from "./boss";

let started = false;

export async function startJobWorkers(): Promise<void> {
  if (started || !env().JOBS_ENABLED) return;
  started = true;
  const boss = await getBoss();
  // pg-boss waits the polling interval between fetches even when work is waiting, so one job per
  // fetch caps delivery at 30 emails a minute; a batch keeps a backlog moving. If any message of a
  // batch fails, the batch is retried, and the messages already sent are skipped (deliverEmail
  // only claims queued messages).
  await boss.work<{ id: number }>(QUEUES.emailDeliver.name, { batchSize: 20, pollingIntervalSeconds: 2 }, async (jobs) => {
    const results = await Promise.allSettled(jobs.map((job) => deliverEmail(job.data.id)));
    const failure = results.find((r) => r.status === "rejected");
    if (failure) throw failure.reason;
  });
  await boss.work(QUEUES.emailSweep.name, async () => sweepOutbox());
  await boss.schedule(QUEUES.emailSweep.name, "* * * * *");
}
