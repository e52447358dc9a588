import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, getTableColumns, ilike, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { applications, applicationSearchText, paymentTransactions } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { encodeCursor } from "@/lib/validation";
import { keysetPage } from "@/server/pagination";
import type { ApplicationListQuery } from "@/features/applications/schemas";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether "Resend Invitation" can do anything (the rules of resendInvitation): approved, no account
 * yet, and paid for or a trial. Before that no invitation was ever sent, so none is offered.
 */
// Written out in SQL: drizzle leaves a column of the selected table unqualified inside sql``, and in the
// subquery "id" and "status" would then be the payment's own.
const canResendInvitation = sql<boolean>`("applications"."status" = 'approved' and "applications"."user_id" is null and ("applications"."is_trial" or exists (
  select 1 from payment_transactions p where p.application_id = "applications"."id" and p.kind = 'payment' and p.status = 'completed')))`;
const reviewColumns = { ...getTableColumns(applications), canResendInvitation };

/**
 * Newest first, a keyset page at a time (`next` is the cursor of the page after); search matches first
 * name, last name, email or partner code (or a full name), case-insensitively. `total` counts them all.
 */
export async function listApplications(viewer: SessionUser, query: ApplicationListQuery) {
  assertAccess(viewer, ADMIN);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(applications.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    // One expression over the four fields, the one the trigram index is built on (so a full name matches too).
    conditions.push(ilike(applicationSearchText(applications), pattern));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const after = query.after
    ? sql`(${applications.createdAt}, ${applications.id}) < (${query.after[0]}::timestamptz, ${query.after[1]})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...reviewColumns, sortKey: sql<string>`${applications.createdAt}::text` })
      .from(applications)
      .where(and(where, after))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(query.limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .where(where),
  ]);
  const { page, next } = keysetPage(rows, query.limit, (last) => encodeCursor([last.sortKey, last.id]));
  return { applications: page.map(({ sortKey: _sortKey, ...row }) => row), total: count?.total ?? 0, next };
}

export async function getApplication(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [row] = await db.select(reviewColumns).from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw notFound("Application not found.");
  return row;
}

export async function listApplicationPayments(viewer: SessionUser, applicationId: number) {
  assertAccess(viewer, ADMIN);
  return db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.applicationId, applicationId))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id));
}
