import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { applications, paymentLinks, paymentTransactions } from "@/db/schema";
import { PAYMENT_LINK_TTL_DAYS } from "@/features/money/constants";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { createLinkToken, hashLinkToken } from "@/server/auth/tokens";
import { transactionWithEmail } from "@/server/email/outbox";
import { readSiteSettings } from "@/server/settings";
import { paymentLinkEmail } from "./emails";
import { lockApplication, type Application } from "./locks";

/**
 * The payment of an application is reached only through a link emailed to the applicant when she
 * applies, /payment/{token}, as an invitation is: the token is 32
 * random bytes and only its hash is stored. Nothing of an application is shown, and no Stripe call
 * is made, for anything but a live token.
 */
export async function issuePaymentLink(executor: Executor, applicationId: number, baseUrl: string): Promise<string> {
  const { token, tokenHash } = createLinkToken();
  await executor
    .insert(paymentLinks)
    .values({ applicationId, tokenHash, expiresAt: new Date(Date.now() + PAYMENT_LINK_TTL_DAYS * 86_400_000) });
  return paymentLinkUrl(baseUrl, token);
}

const paymentLinkUrl = (baseUrl: string, token: string) => `${baseUrl}/payment/${token}`;

/** The application a live payment link opens, or null (unknown, expired, or malformed). */
export async function applicationOfPaymentLink(token: string, executor: Executor = db): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const [link] = await executor
    .select({ applicationId: paymentLinks.applicationId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tokenHash, hashLinkToken(token)), gt(paymentLinks.expiresAt, sql`now()`)))
    .limit(1);
  return link?.applicationId ?? null;
}

/** Whether an application still waits for its first payment: pending, not a trial, nothing held or paid. */
export async function awaitsPayment(
  executor: Executor,
  app: Pick<Application, "id" | "status" | "isTrial">,
): Promise<boolean> {
  if (app.status !== "pending" || app.isTrial) return false;
  const [paid] = await executor
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, app.id),
        eq(paymentTransactions.kind, "payment"),
        inArray(paymentTransactions.status, ["authorized", "completed"]),
      ),
    )
    .limit(1);
  return !paid;
}

/** What /payment/{token} shows her: her name and tier, or null for anyone without her live link. */
export async function paymentPageFor(token: string) {
  const applicationId = await applicationOfPaymentLink(token);
  if (!applicationId) return null;
  const [app] = await db
    .select({
      id: applications.id,
      firstName: applications.firstName,
      lastName: applications.lastName,
      membershipTier: applications.membershipTier,
      status: applications.status,
      isTrial: applications.isTrial,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!app || app.status !== "pending" || app.isTrial) return null;
  return { firstName: app.firstName, lastName: app.lastName, membershipTier: app.membershipTier };
}

/** The admin's Email Payment Link: a fresh link for a pending card application that has not paid, audit-logged. */
export async function emailPaymentLink(applicationId: number, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApplication(tx, applicationId);
    if (!app) throw notFound("Application not found.");
    if (app.isTrial) throw conflict("A free trial has nothing to pay.");
    if (app.status !== "pending")
      throw conflict(
        "The payment link is for applications under review: once approved, take the payment with Process Payment or record it.",
      );
    if (!(await awaitsPayment(tx, app))) throw conflict("This application has already been paid for.");
    const url = await issuePaymentLink(tx, app.id, actor.baseUrl);
    const settings = await readSiteSettings(tx);
    await queueEmail(paymentLinkEmail(settings.siteName, app, url));
    await recordAudit(
      {
        actorId: actor.id,
        action: "application.payment_link_sent",
        entityType: "application",
        entityId: app.id,
        ip: actor.ip,
      },
      tx,
    );
    return { sentTo: app.email };
  });
}
