import "server-only";
import { env } from "@/lib/env";
import { promoteEligibleCommissions } from "@/server/affiliate/commissions";
import { sendContactNotices } from "@/server/contact";
import { deliverEmail, sweepOutbox } from "@/server/email/outbox";
import { syncLumaEvents } from "@/server/events/luma-sync";
import { reindexAfterContentSaved, reindexAfterSettingsSaved, reindexAll } from "@/server/assistant/index-passages";
import { cookOlderPosts } from "@/server/forum/cooking";
import { publishDueItems } from "@/server/library/editor";
import { pruneSearchWords } from "@/server/library/search-words";
import { eraseDueAccounts } from "@/server/privacy";
import { purgeUnattachedUploads } from "@/server/storage";
import { reconcileBilling } from "@/server/billing/reconcile";
import { updateCustomerEmail } from "@/server/billing/customer-email";
import { sendBillingReminders } from "@/server/billing/reminders";
import { paymentsConfigured } from "@/server/stripe/client";
import {
  deliverNotificationEmails,
  runNotificationEvent,
  sendDigests,
  sendEventReminders,
  sweepNotificationEvents,
} from "@/server/notifications";
import { siteUrl } from "@/lib/http/site-url";
import { notificationHub } from "@/server/notifications/stream";
import { pushConfigured, pushPendingFor } from "@/server/push";
import { getBoss, QUEUES } from "@/server/jobs/boss";
import { runAsJob } from "@/db";
import { sendOnboardingReminders } from "@/server/onboarding";
import { recomputePoints } from "@/server/levels";
import { sendLessonOpenedNotices } from "@/server/courses";
import type { ContentSaved } from "@/server/jobs/content-saved";

let started = false;
/** Messages sent side by side, each on its own SMTP connection. */
const EMAIL_BATCH = 20;

export async function startJobWorkers(): Promise<void> {
  if (started || !env().JOBS_ENABLED) return;
  started = true;
  const boss = await getBoss();
  // Every handler's reads and writes go through the jobs' pool, with a job's time limits (src/db/index.ts).
  const work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    return (boss.work as (...args: unknown[]) => Promise<string>)(name, ...rest, (jobs: unknown) =>
      runAsJob(() => handler(jobs)),
    );
  }) as typeof boss.work;
  // pg-boss waits the polling interval between fetches even when work is waiting (its worker loop), so
  // one batch per interval capped delivery at 10 emails a second: a full batch asks at once for the
  // next, and a backlog moves as fast as the SMTP server takes it. A message that fails is rescheduled
  // by deliverEmail itself and asked for again by the sweep when it is due.
  const delivery = { worker: "" };
  delivery.worker = await work<{ id: number }>(
    QUEUES.emailDeliver.name,
    { batchSize: EMAIL_BATCH, pollingIntervalSeconds: 2 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => deliverEmail(job.data.id)));
      if (jobs.length === EMAIL_BATCH && delivery.worker) boss.notifyWorker(delivery.worker);
    },
  );
  await work(QUEUES.emailSweep.name, async () => sweepOutbox());
  await boss.schedule(QUEUES.emailSweep.name, "* * * * *");
  // Uploads a form never saved (abandoned after a day) are removed.
  await work(QUEUES.storagePurge.name, async () => {
    const purged = await purgeUnattachedUploads();
    if (purged) console.log(`[storage] removed ${purged} uploads never attached`);
  });
  await boss.schedule(QUEUES.storagePurge.name, "17 3 * * *");
  // Commissions become eligible 30 days after the payment cleared.
  await work(QUEUES.commissionsEligible.name, async () => {
    const moved = await promoteEligibleCommissions();
    if (moved) console.log(`[affiliate] ${moved} commissions became eligible`);
  });
  await boss.schedule(QUEUES.commissionsEligible.name, "7 0 * * *");
  // The assistant's index is kept current by the save paths' content.saved jobs; nightly it is rebuilt whole, dropping
  // events that have ended and anything a failed save left behind.
  await work(QUEUES.assistantReindex.name, async () => {
    console.log("[assistant] index rebuilt:", await reindexAll());
  });
  await boss.schedule(QUEUES.assistantReindex.name, "23 2 * * *");
  await work(QUEUES.siteSettingsSaved.name, async () => reindexAfterSettingsSaved());
  // Content saved (an event, a topic, a library item, a post, a page): its passages follow.
  await work<ContentSaved>(QUEUES.contentSaved.name, { batchSize: 10, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await reindexAfterContentSaved(job.data);
  });
  // Scheduled library items: a job at each item's time (sent when it is saved) and a minutely sweep.
  await work(QUEUES.libraryPublish.name, async () => {
    const published = await publishDueItems();
    if (published) console.log(`[library] published ${published} scheduled items`);
  });
  await boss.schedule(QUEUES.libraryPublish.name, "* * * * *");
  // Nightly, the words a library search may expand its last word into lose those no item holds any more.
  await work(QUEUES.libraryWordsPrune.name, async () => {
    const pruned = await pruneSearchWords();
    if (pruned) console.log(`[library] pruned ${pruned} search words no item holds`);
  });
  await boss.schedule(QUEUES.libraryWordsPrune.name, "53 3 * * *");
  // Forum posts written before posts were cooked on write: once after each start, by one instance.
  await work(QUEUES.forumCook.name, async () => {
    const cooked = await cookOlderPosts();
    if (cooked) console.log(`[forum] cooked ${cooked} posts written before this version`);
  });
  await boss.send(QUEUES.forumCook.name, {}, { singletonKey: "forum-cook-start", singletonSeconds: 300 });
  // Accounts whose 30-day deletion grace period has ended.
  await work(QUEUES.accountsErase.name, async () => {
    const erased = await eraseDueAccounts();
    if (erased.length) console.log(`[privacy] erased ${erased.length} accounts`);
  });
  await boss.schedule(QUEUES.accountsErase.name, "41 1 * * *");
  // Bank-transfer renewal and trial-card reminders, then (with Stripe) the comparison with Stripe's records.
  await work(QUEUES.billingReminders.name, async () => {
    console.log("[billing] reminders sent:", await sendBillingReminders());
  });
  await boss.schedule(QUEUES.billingReminders.name, "13 9 * * *");
  // Notifications for many members at once: one job per event, one transaction per job.
  await work<{ id: number }>(
    QUEUES.notificationsFanOut.name,
    { batchSize: 5, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) await runNotificationEvent(job.data.id);
    },
  );
  await work(QUEUES.notificationsSweep.name, async () => void (await sweepNotificationEvents()));
  await boss.schedule(QUEUES.notificationsSweep.name, "* * * * *");
  await work(QUEUES.eventReminders.name, async () => void (await sendEventReminders()));
  await boss.schedule(QUEUES.eventReminders.name, "5 * * * *");
  // A new member who has done none of her first steps three days after joining: one reminder.
  await work(QUEUES.onboardingReminders.name, async () => void (await sendOnboardingReminders()));
  await boss.schedule(QUEUES.onboardingReminders.name, "35 * * * *");
  // Course lessons that opened by their date or her start: one notice per member and lesson.
  await work(QUEUES.lessonOpenedNotices.name, async () => void (await sendLessonOpenedNotices()));
  await boss.schedule(QUEUES.lessonOpenedNotices.name, "*/10 * * * *");
  await work<{ userId: number }>(QUEUES.accountEmailChanged.name, async ([job]) =>
    updateCustomerEmail(job!.data.userId),
  );
  // An administrator asked for every member's points to be recomputed from the ledger.
  await work<{ requestedBy: number }>(QUEUES.levelsRecompute.name, async ([job]) => {
    const { entries, corrected } = await recomputePoints(job!.data.requestedBy);
    console.log(`[levels] recomputed from ${entries} ledger entries: ${corrected} totals corrected`);
  });
  if (pushConfigured()) {
    // At once through LISTEN/NOTIFY; the minutely sweep catches what an instance restarting missed.
    await notificationHub().startPushDelivery((userId) => pushPendingFor(userId));
    await work(QUEUES.pushSweep.name, async () => void (await pushPendingFor(null)));
    await boss.schedule(QUEUES.pushSweep.name, "* * * * *");
  }
  await work(QUEUES.notificationEmails.name, async () => void (await deliverNotificationEmails(siteUrl())));
  await boss.schedule(QUEUES.notificationEmails.name, "* * * * *");
  // Contact messages that arrived while administrators were told of others wait for one notice.
  await work(QUEUES.contactNotices.name, async () => void (await sendContactNotices()));
  await boss.schedule(QUEUES.contactNotices.name, "* * * * *");
  await work(QUEUES.dailyDigest.name, async () =>
    console.log("[notifications] daily digests sent:", await sendDigests("daily", siteUrl())),
  );
  await boss.schedule(QUEUES.dailyDigest.name, "0 7 * * *");
  await work(QUEUES.weeklyDigest.name, async () =>
    console.log("[notifications] weekly digests sent:", await sendDigests("weekly", siteUrl())),
  );
  await boss.schedule(QUEUES.weeklyDigest.name, "30 7 * * 1");
  if (paymentsConfigured()) {
    await work(QUEUES.billingReconcile.name, async () => {
      const run = await reconcileBilling();
      console.log(`[billing] reconciled ${run.checked} memberships: ${run.differences.length} differences`);
    });
    await boss.schedule(QUEUES.billingReconcile.name, "41 4 * * *");
  }
  if (env().LUMA_API_KEY) {
    // Every 5 minutes; a failed pull keeps the last good events (docs/decisions/009-events.md).
    // syncLumaEvents logs and records each outcome itself; a failure must not fail the job queue.
    await work(QUEUES.lumaSync.name, () =>
      syncLumaEvents().then(
        () => undefined,
        () => undefined,
      ),
    );
    await boss.schedule(QUEUES.lumaSync.name, "*/5 * * * *");
    await boss.send(QUEUES.lumaSync.name, {}, { singletonKey: "luma-sync-start", singletonSeconds: 60 });
  }
}
