import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { DatabaseError } from "pg";
import { applications, users } from "@/db/schema";
import { badRequest, conflict } from "@/lib/errors";
import { transactionWithEmail } from "@/server/email/outbox";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { applicationReceiptEmail, newApplicationAdminEmail } from "./emails";
import type { ApplicationInput } from "./schemas";

/** Applications per client address: generous for a shared office, tight for a script. */
export const SUBMIT_IP_POLICY: LimitPolicy = { keyPrefix: "apply_ip", points: 10, durationSeconds: 60 * 60 };
export const SUBMIT_EMAIL_POLICY: LimitPolicy = { keyPrefix: "apply_email", points: 5, durationSeconds: 24 * 60 * 60 };

export const DUPLICATE_APPLICATION_MESSAGE =
  "An application for this email address is already under review. We will be in touch within 5 business days.";
export const TOO_MANY_APPLICATIONS = "Too many applications from here. Please try again later.";
export const TRIALS_OFF_MESSAGE = "Free trials are not available at the moment.";

/**
 * Stores a pending application and, in the same transaction, the applicant's receipt and a notice
 * to every admin. The partial unique index on lower(email) refuses a second pending application.
 */
export async function submitApplication(input: ApplicationInput, client: { ip: string; baseUrl: string }) {
  await consumeOrThrow(SUBMIT_IP_POLICY, client.ip, TOO_MANY_APPLICATIONS);
  await consumeOrThrow(SUBMIT_EMAIL_POLICY, input.email.toLowerCase(), TOO_MANY_APPLICATIONS);
  const settings = await getSiteSettings();
  if (input.isTrial && settings.trialDays === 0) throw badRequest(TRIALS_OFF_MESSAGE);

  try {
    return await transactionWithEmail(async (tx, queueEmail) => {
      const [row] = await tx
        .insert(applications)
        .values({ ...input, partnerCode: input.partnerCode ?? null, agreeTerms: true })
        .returning({ id: applications.id, membershipTier: applications.membershipTier, isTrial: applications.isTrial });
      const app = { ...input, id: row!.id };
      await queueEmail(applicationReceiptEmail(settings.siteName, app));
      const admins = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isAdmin, true), isNull(users.disabledAt)))
        .orderBy(users.id)
        .limit(20);
      // One notice addressed to every admin, not one message each.
      if (admins.length) await queueEmail(newApplicationAdminEmail(settings.siteName, admins.map((a) => a.email).join(", "), app, client.baseUrl));
      return row!;
    });
  } catch (error) {
    const cause = error instanceof DatabaseError ? error : (error as { cause?: unknown })?.cause;
    if (cause instanceof DatabaseError && cause.code === "23505" && cause.constraint === "applications_one_pending_per_email_key") {
      throw conflict(DUPLICATE_APPLICATION_MESSAGE);
    }
    throw error;
  }
}
