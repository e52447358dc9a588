import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { violatedConstraint } from "@/lib/database-errors";
import { applications } from "@/db/schema";
import { adminRecipients } from "@/server/email/admin-recipients";
import { badRequest } from "@/lib/errors";
import { transactionWithEmail } from "@/server/email/outbox";
import { lockApplication } from "@/server/money";
import { awaitsPayment, issuePaymentLink } from "@/server/money";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { alreadyUnderReviewEmail, applicationReceiptEmail, newApplicationAdminEmail } from "./emails";
import type { ApplicationInput } from "@/features/applications/schemas";

/** Applications per client address: generous for a shared office, tight for a script. */
export const SUBMIT_IP_POLICY: LimitPolicy = { keyPrefix: "apply_ip", points: 10, durationSeconds: 60 * 60 };
export const SUBMIT_EMAIL_POLICY: LimitPolicy = { keyPrefix: "apply_email", points: 5, durationSeconds: 24 * 60 * 60 };

export const TOO_MANY_APPLICATIONS = "Too many applications from here. Please try again later.";
export const TRIALS_OFF_MESSAGE = "Free trials are not available at the moment.";

/** What the form is told, the same whether or not the address already has an application under review. */
export interface SubmitAnswer {
  received: true;
  isTrial: boolean;
}

const isPendingDuplicate = (error: unknown) => violatedConstraint(error) === "applications_one_pending_per_email_key";

/**
 * Stores a pending application and, in the same transaction, the applicant's receipt (with her
 * payment link, for a card application) and a notice to every admin. An address with an application
 * under review (the partial unique index on lower(email)) gets an email saying so instead, with a
 * fresh payment link if that application still waits for payment, and nothing is stored; the visitor
 * is answered exactly as for a new application, so the form never tells who has applied.
 */
export async function submitApplication(
  input: ApplicationInput,
  client: { ip: string; baseUrl: string },
): Promise<SubmitAnswer> {
  await consumeOrThrow(SUBMIT_IP_POLICY, client.ip, TOO_MANY_APPLICATIONS);
  await consumeOrThrow(SUBMIT_EMAIL_POLICY, input.email.toLowerCase(), TOO_MANY_APPLICATIONS);
  const settings = await getSiteSettings();
  if (input.isTrial && settings.trialDays === 0) throw badRequest(TRIALS_OFF_MESSAGE);

  await transactionWithEmail(async (tx, queueEmail) => {
    let created: { id: number } | undefined;
    try {
      // A savepoint, so that the duplicate's unique violation leaves the transaction usable.
      created = await tx.transaction(
        async (savepoint) =>
          (
            await savepoint
              .insert(applications)
              .values({ ...input, partnerCode: input.partnerCode ?? null, agreeTerms: true })
              .returning({ id: applications.id })
          )[0],
      );
    } catch (error) {
      if (!isPendingDuplicate(error)) throw error;
    }
    if (!created) {
      const [found] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(sql`lower(${applications.email}) = ${input.email.toLowerCase()}`, eq(applications.status, "pending")),
        )
        .limit(1);
      const pending = found ? await lockApplication(tx, found.id) : null;
      if (!pending || pending.status !== "pending") return;
      const paymentUrl = (await awaitsPayment(tx, pending))
        ? await issuePaymentLink(tx, pending.id, client.baseUrl)
        : null;
      await queueEmail(alreadyUnderReviewEmail(settings.siteName, pending, paymentUrl, settings.contactEmail));
      return;
    }
    const app = { ...input, id: created.id };
    const paymentUrl = input.isTrial ? null : await issuePaymentLink(tx, app.id, client.baseUrl);
    await queueEmail(applicationReceiptEmail(settings.siteName, app, paymentUrl));
    const admins = (await adminRecipients(tx)).slice(0, 20);
    // One notice addressed to every admin, not one message each.
    if (admins.length)
      await queueEmail(newApplicationAdminEmail(settings.siteName, admins.join(", "), app, client.baseUrl));
  });
  return { received: true, isTrial: input.isTrial };
}
