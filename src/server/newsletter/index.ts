import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import { newsletterSubscribers } from "@/db/schema";
import { renderEmail } from "@/server/email/render";
import { transactionWithEmail } from "@/server/email/outbox";
import { bulkEmail } from "@/server/email/bulk";
import { createLinkToken, hashLinkToken } from "@/server/auth/tokens";
import { consumeOrThrow, recordUse, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvExport } from "@/server/csv";

const SUBSCRIBE_IP_POLICY: LimitPolicy = { keyPrefix: "newsletter_ip", points: 10, durationSeconds: 60 * 60 };
// A pending address gets at most this many confirmation emails an hour, so the form cannot be used to flood someone.
const CONFIRM_EMAIL_POLICY: LimitPolicy = { keyPrefix: "newsletter_email", points: 3, durationSeconds: 60 * 60 };

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

/** A confirmation link works this long after it was sent; unsubscribe links never expire. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** The subscriber whose confirmation link this is, while it is pending and not expired. */
const liveConfirmToken = (token: string) =>
  and(
    eq(newsletterSubscribers.confirmTokenHash, hashLinkToken(token)),
    eq(newsletterSubscribers.status, "pending"),
    gt(newsletterSubscribers.confirmSentAt, sql`now() - make_interval(days => ${NEWSLETTER_CONFIRM_DAYS})`),
  );

/**
 * Double opt-in: a new or unsubscribed address becomes pending and is sent a
 * confirmation link; a pending one is sent a fresh link; a confirmed one is left alone. The answer is
 * the same in every case, so subscribing twice is not an error and reveals nothing.
 */
export async function subscribeToNewsletter(
  email: string,
  options: { ip: string; baseUrl: string; source?: string },
): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await consumeOrThrow(
    SUBSCRIBE_IP_POLICY,
    options.ip,
    "Too many sign-ups from your connection. Please try again later.",
  );
  const settings = await getSiteSettings();
  const { token, tokenHash } = createLinkToken();

  await transactionWithEmail(async (tx, queueEmail) => {
    await tx
      .insert(newsletterSubscribers)
      .values({
        email: normalized,
        status: "pending",
        unsubscribeToken: randomBytes(24).toString("base64url"),
        source: options.source ?? null,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, normalized))
      .for("update");
    if (!row || row.status === "confirmed") return;
    // Past the per-address limit the request still succeeds; the link already sent stays valid.
    const linkLive =
      row.confirmTokenHash !== null &&
      row.confirmSentAt !== null &&
      Date.now() - row.confirmSentAt.getTime() < NEWSLETTER_CONFIRM_DAYS * 86_400_000;
    if ((await recordUse(CONFIRM_EMAIL_POLICY, normalized)) > 0 && linkLive) return;
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", confirmTokenHash: tokenHash, confirmSentAt: sql`now()`, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
    const { unsubscribeUrl, ...bulk } = bulkEmail({ subscriber: row.id }, "newsletter", options.baseUrl);
    await queueEmail({
      to: normalized,
      kind: "newsletter-confirm",
      subject: `Confirm your subscription to the ${settings.siteName} newsletter`,
      ...bulk,
      ...renderEmail({
        siteName: settings.siteName,
        heading: "Please confirm your subscription",
        paragraphs: [
          `Someone (we hope you) asked to receive the ${settings.siteName} newsletter at this address.`,
          "Open the link below and press Confirm subscription. If you did not ask for this, ignore this email and you will hear nothing more from us.",
          `The link works for ${NEWSLETTER_CONFIRM_DAYS} days. After that, sign up again for a new one.`,
        ],
        action: { label: "Confirm subscription", url: `${options.baseUrl}/newsletter/confirm/${token}` },
        footer: `You received this because this address was entered in our newsletter form. Unsubscribe: ${unsubscribeUrl}`,
      }),
    });
  });
}

/** Confirms a pending subscription by its emailed token; a spent, expired or unknown token confirms nothing. */
export async function confirmSubscription(token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: new Date(), confirmTokenHash: null, confirmSentAt: null })
    .where(liveConfirmToken(token))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export async function isConfirmTokenPending(token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(liveConfirmToken(token))
    .limit(1);
  return Boolean(row);
}

/** The subscriber whose token (in the newsletter emails sent before record 044) this is. */
export async function subscriberOfOldToken(unsubscribeToken: string): Promise<number | null> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken))
    .limit(1);
  return row?.id ?? null;
}

/** The one unsubscribe of the newsletter (docs/decisions/044-one-unsubscribe.md); false: no such subscriber. */
export async function unsubscribeSubscriber(id: number): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({
      status: "unsubscribed",
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      confirmTokenHash: null,
      confirmSentAt: null,
    })
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** The address the unsubscribe page names. */
export async function subscriberAddress(id: number): Promise<string | null> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .limit(1);
  return row?.email ?? null;
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  source: newsletterSubscribers.source,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

export async function listSubscribers(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return db
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
}

const iso = (date: Date | null) => (date ? date.toISOString() : "");

/** GET /api/admin/newsletter/export. */
export const SUBSCRIBERS_CSV: CsvExport<Subscriber> = {
  name: "newsletter-subscribers",
  header: ["email", "status", "source", "subscribed_at", "confirmed_at", "unsubscribed_at"],
  row: (s) => [s.email, s.status, s.source, iso(s.createdAt), iso(s.confirmedAt), iso(s.unsubscribedAt)],
};

/** Every subscriber, newest first, a page at a time (the CSV export). */
export function subscriberPages(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return pagesByIdDescending((beforeId) =>
    db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(beforeId ? lt(newsletterSubscribers.id, beforeId) : undefined)
      .orderBy(desc(newsletterSubscribers.id))
      .limit(CSV_PAGE_SIZE),
  );
}
export type Subscriber = Awaited<ReturnType<typeof listSubscribers>>[number];
