import "server-only";
import { desc, eq, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { applications, stripeRefusals, users } from "@/db/schema";
import { STRIPE_REFUSALS_PAGE_SIZE } from "@/features/money/constants";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { keysetPage } from "@/server/pagination";
import { StripeRefusal, stripeFailure, UNNAMED_OPERATION, type StripeSubject } from "./client";

/**
 * Lists a refusal for the admins (/admin/stripe-refusals), once. Where the caller is answered, after
 * the transaction the refusal happened in has rolled back, it is written on the pool; a path that
 * carries on after a refusal (the webhook's payment recorded though her billing could not start)
 * writes it in its own transaction, which commits.
 */
export async function recordStripeRefusal(refusal: StripeRefusal, executor: Executor = db): Promise<void> {
  if (refusal.recorded) return;
  await executor.insert(stripeRefusals).values(refusal.record);
  refusal.recorded = true;
}

/**
 * Where a caller is answered (the API's error answer, the webhook's, a job's end): a Stripe refusal
 * that reached it is listed; one no caller named (a call made without askStripe) is made a refusal
 * here, logged and listed without its subject. Answers the error to report.
 */
export async function reportedStripeRefusal(error: unknown): Promise<unknown> {
  const failure = stripeFailure(error, UNNAMED_OPERATION);
  if (failure instanceof StripeRefusal)
    await recordStripeRefusal(failure).catch((cause: Error) =>
      console.error("[stripe] the refusal could not be listed:", cause.message),
    );
  return failure;
}

/** The admin's list, newest first, a page at a time (`before`: older than that row), with the member or applicant each was about. */
export async function listStripeRefusals(viewer: SessionUser, before?: number) {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({
      id: stripeRefusals.id,
      createdAt: stripeRefusals.createdAt,
      method: stripeRefusals.method,
      path: stripeRefusals.path,
      requestId: stripeRefusals.requestId,
      operation: stripeRefusals.operation,
      httpStatus: stripeRefusals.httpStatus,
      type: stripeRefusals.type,
      code: stripeRefusals.code,
      declineCode: stripeRefusals.declineCode,
      param: stripeRefusals.param,
      message: stripeRefusals.message,
      answeredStatus: stripeRefusals.answeredStatus,
      userId: stripeRefusals.userId,
      applicationId: stripeRefusals.applicationId,
      memberName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      applicantName: sql<string | null>`trim(${applications.firstName} || ' ' || ${applications.lastName})`,
    })
    .from(stripeRefusals)
    .leftJoin(users, eq(users.id, stripeRefusals.userId))
    .leftJoin(applications, eq(applications.id, stripeRefusals.applicationId))
    .where(before ? lt(stripeRefusals.id, before) : undefined)
    .orderBy(desc(stripeRefusals.id))
    .limit(STRIPE_REFUSALS_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STRIPE_REFUSALS_PAGE_SIZE, (last) => last.id);
  return { refusals: page, next };
}

/**
 * For a path that carries on after Stripe refused a call it can do without (a card's description, the
 * outcome page's wording): the refusal is logged and listed all the same. Outages and our own errors
 * are left to the caller, as they were.
 */
export async function recordRefusalOf(
  error: unknown,
  operation: string,
  subject: StripeSubject,
  executor: Executor = db,
): Promise<void> {
  const failure = stripeFailure(error, operation, subject);
  if (failure instanceof StripeRefusal) await recordStripeRefusal(failure, executor);
}
