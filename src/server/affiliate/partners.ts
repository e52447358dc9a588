import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { createHmac, randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import {
  affiliatePayouts,
  applications,
  partnerLinkVisits,
  partnerRegistrations,
  partners,
  referralCommissions,
  users,
} from "@/db/schema";
import type { CommissionStatus } from "@/features/affiliate/constants";
import { env } from "@/lib/env";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { createLinkToken, hashLinkToken } from "@/server/auth/tokens";
import type { SessionUser } from "@/lib/auth/session-user";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { consumeOrThrow, recordUse, type LimitPolicy } from "@/server/rate-limit";
import { getSiteSettings } from "@/server/settings";
import {
  AFFILIATE_TERMS,
  AFFILIATE_TERMS_TEXT,
  REGISTRATION_ADDRESS_MESSAGE,
  REGISTRATION_TTL_HOURS,
} from "@/features/affiliate/schemas";
import type { AdminCommission, PartnerDashboard, PartnerRecord, PartnerStatement } from "@/features/affiliate/types";

const REGISTRATION_EMAILS = { keyPrefix: "partner_registration", points: 5, durationSeconds: 3600 };

export const REGISTRATION_MESSAGES = {
  used: "This registration link has already been used.",
  expired: "This registration link has expired. Request a new one from the Affiliate tab of your profile.",
  unknown:
    "This registration link is not valid. Please check that you opened the whole link from your email, signed in as the member who asked for it.",
  partner: "You are already an affiliate partner.",
} as const;
export type RegistrationProblem = keyof typeof REGISTRATION_MESSAGES;

/**
 * Emails a single-use link to the programme's terms to her own account's address,
 * the only one it is for: the call never makes the app write to an address she names.
 * Only a member who is not a partner asks.
 */
export async function sendRegistrationEmail(user: SessionUser, email: string, baseUrl: string): Promise<void> {
  if (email.toLowerCase() !== user.email.toLowerCase())
    throw badRequest(REGISTRATION_ADDRESS_MESSAGE, { email: REGISTRATION_ADDRESS_MESSAGE });
  if (await partnerOf(user.id)) throw conflict(REGISTRATION_MESSAGES.partner);
  await consumeOrThrow(
    REGISTRATION_EMAILS,
    String(user.id),
    "You have asked for several registration emails. Please try again in an hour.",
  );
  const { token, tokenHash } = createLinkToken();
  const { siteName } = await getSiteSettings();
  await transactionWithEmail(async (tx, queueEmail) => {
    await tx.insert(partnerRegistrations).values({
      userId: user.id,
      email: user.email,
      tokenHash,
      expiresAt: new Date(Date.now() + REGISTRATION_TTL_HOURS * 3_600_000),
    });
    await queueEmail({
      to: user.email,
      kind: "affiliate-registration",
      subject: `Complete your ${siteName} affiliate registration`,
      ...renderEmail({
        siteName,
        heading: "Become an affiliate partner",
        paragraphs: [
          `Hi ${user.firstName},`,
          "Open the link below to read the affiliate programme's terms and accept them. Your partner code and share link are ready as soon as you do.",
          ...AFFILIATE_TERMS_TEXT,
        ],
        action: { label: "Read the terms and accept", url: `${baseUrl}/profile/affiliate/${token}` },
        footer: `The link works once and expires in ${REGISTRATION_TTL_HOURS} hours. If you did not ask for it, ignore this email.`,
      }),
    });
  });
}

async function findRegistration(executor: Transaction | typeof db, user: SessionUser, token: string, lock: boolean) {
  const query = executor
    .select()
    .from(partnerRegistrations)
    .where(eq(partnerRegistrations.tokenHash, hashLinkToken(token)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  // A link of another member's is reported as unknown: it says nothing about her.
  if (!row || row.userId !== user.id) return { problem: "unknown" as const };
  if (row.usedAt) return { problem: "used" as const };
  if (row.expiresAt.getTime() <= Date.now()) return { problem: "expired" as const };
  return { problem: null, row };
}

/** What the registration page shows for a link: nothing changes on a GET (a link scanner may open it). */
export async function checkRegistration(user: SessionUser, token: string): Promise<RegistrationProblem | null> {
  if (await partnerOf(user.id)) return "partner";
  return (await findRegistration(db, user, token, false)).problem;
}

/** Accepting the terms creates her partner record: a unique code and the default rate. */
export async function acceptRegistration(user: SessionUser, token: string, ip: string): Promise<PartnerRecord> {
  return db.transaction(async (tx) => {
    const found = await findRegistration(tx, user, token, true);
    if (found.problem) throw conflict(REGISTRATION_MESSAGES[found.problem]);
    const [existing] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.userId, user.id)).limit(1);
    if (existing) throw conflict(REGISTRATION_MESSAGES.partner);
    let partner: typeof partners.$inferSelect | undefined;
    while (!partner) {
      [partner] = await tx
        .insert(partners)
        .values({
          userId: user.id,
          partnerCode: newPartnerCode(user.firstName),
          referralCommission: AFFILIATE_TERMS.defaultRate,
        })
        .onConflictDoNothing()
        .returning();
    }
    await tx.update(users).set({ isPartner: true }).where(eq(users.id, user.id));
    await tx.update(partnerRegistrations).set({ usedAt: new Date() }).where(eq(partnerRegistrations.id, found.row.id));
    await recordAudit(
      {
        actorId: user.id,
        action: "partner.registered",
        entityType: "partner",
        entityId: partner.id,
        details: { partnerCode: partner.partnerCode },
        ip,
      },
      tx,
    );
    return { userId: partner.userId, partnerCode: partner.partnerCode, referralCommission: partner.referralCommission };
  });
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Her first name's letters and four random characters, e.g. PRIYA7K3Q. */
function newPartnerCode(firstName: string): string {
  const stem =
    firstName
      .normalize("NFKD")
      .replace(/[^A-Za-z]/g, "")
      .toUpperCase()
      .slice(0, 10) || "PARTNER";
  const suffix = [...randomBytes(4)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${stem}${suffix}`;
}

async function partnerOf(userId: number) {
  const [row] = await db.select().from(partners).where(eq(partners.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * A link visitor is the random id of a first-party cookie: a visit counts once per
 * visitor, partner and day, and no header (User-Agent, forwarded addresses) can make one visitor many.
 * A client that drops the cookie is a new visitor each time, so each address adds at most
 * VISITS_PER_ADDRESS new visitors a day. The stored hash is keyed by the day, so days cannot be linked.
 */
export const VISITOR_COOKIE = "ref_visitor";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITS_PER_ADDRESS: LimitPolicy = { keyPrefix: "partner_visits_ip", points: 10, durationSeconds: 24 * 3600 };

export const isVisitorId = (value: string | undefined): value is string =>
  value !== undefined && VISITOR_ID.test(value);
export const newVisitorId = () => randomBytes(16).toString("base64url");

export async function recordLinkVisit(code: string, visitorId: string, ip: string): Promise<void> {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(sql`lower(${partners.partnerCode}) = ${code.toLowerCase()}`)
    .limit(1);
  if (!partner) return;
  const day = new Date().toISOString().slice(0, 10);
  const visitorHash = createHmac("sha256", env().AUTH_SECRET).update(`${day}|${visitorId}`).digest("base64url");
  const [seen] = await db
    .select({ day: partnerLinkVisits.day })
    .from(partnerLinkVisits)
    .where(
      and(
        eq(partnerLinkVisits.partnerId, partner.id),
        eq(partnerLinkVisits.visitorHash, visitorHash),
        eq(partnerLinkVisits.day, day),
      ),
    )
    .limit(1);
  if (seen) return;
  // Over the address's budget the visit is quietly not counted: the page it came from works the same.
  if ((await recordUse(VISITS_PER_ADDRESS, ip)) > 0) return;
  await db.insert(partnerLinkVisits).values({ partnerId: partner.id, visitorHash, day }).onConflictDoNothing();
}

const commissionTotals = (partnerId: number) =>
  db
    .select({
      status: referralCommissions.status,
      count: count(),
      amountCents: sql<number>`coalesce(sum(${referralCommissions.amountCents}), 0)::int`,
    })
    .from(referralCommissions)
    .where(eq(referralCommissions.partnerId, partnerId))
    .groupBy(referralCommissions.status);

/** GET /api/partners/{id} (the owner or an admin): her partner record and real figures; null if she is not a partner. */
export async function getPartnerDashboard(
  userId: number,
  { withStatement = true } = {},
): Promise<PartnerDashboard | null> {
  const partner = await partnerOf(userId);
  if (!partner) return null;
  const byCode = sql`lower(${applications.partnerCode}) = ${partner.partnerCode.toLowerCase()}`;
  const [[visits], [referred], totals, statement] = await Promise.all([
    db.select({ n: count() }).from(partnerLinkVisits).where(eq(partnerLinkVisits.partnerId, partner.id)),
    db
      .select({ all: count(), approved: sql<number>`count(*) filter (where ${applications.status} = 'approved')::int` })
      .from(applications)
      .where(byCode),
    commissionTotals(partner.id),
    withStatement ? partnerStatement(partner.id) : undefined,
  ]);
  const figure = (status: CommissionStatus) => {
    const row = totals.find((t) => t.status === status);
    return { count: row?.count ?? 0, amountCents: row?.amountCents ?? 0 };
  };
  return {
    userId,
    partnerCode: partner.partnerCode,
    referralCommission: partner.referralCommission,
    linkVisits: visits?.n ?? 0,
    applications: referred?.all ?? 0,
    approvedMembers: referred?.approved ?? 0,
    commissions: { pending: figure("pending"), eligible: figure("eligible"), paid: figure("paid") },
    ...(statement ? { statement } : {}),
  };
}

/** The latest commissions a partner earned and the payout runs that paid her, newest first. */
async function partnerStatement(partnerId: number): Promise<PartnerStatement> {
  const [commissions, payouts] = await Promise.all([
    db
      .select({
        id: referralCommissions.id,
        firstName: applications.firstName,
        lastName: applications.lastName,
        amountCents: referralCommissions.amountCents,
        status: referralCommissions.status,
        eligibleAt: referralCommissions.eligibleAt,
        paidAt: referralCommissions.paidAt,
        cancelReason: referralCommissions.cancelReason,
        createdAt: referralCommissions.createdAt,
      })
      .from(referralCommissions)
      .innerJoin(applications, eq(applications.id, referralCommissions.applicationId))
      .where(eq(referralCommissions.partnerId, partnerId))
      .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
      .limit(STATEMENT_ROWS),
    db
      .select({
        id: affiliatePayouts.id,
        paidAt: affiliatePayouts.createdAt,
        commissionCount: sql<number>`count(*)::int`,
        amountCents: sql<number>`sum(${referralCommissions.amountCents})::int`,
      })
      .from(referralCommissions)
      .innerJoin(affiliatePayouts, eq(affiliatePayouts.id, referralCommissions.payoutId))
      .where(and(eq(referralCommissions.partnerId, partnerId), eq(referralCommissions.status, "paid")))
      .groupBy(affiliatePayouts.id)
      .orderBy(desc(affiliatePayouts.createdAt), desc(affiliatePayouts.id))
      .limit(STATEMENT_ROWS),
  ]);
  return {
    // The member she referred, as a partner knows her: first name and initial, nothing else of the application.
    commissions: commissions.map(({ firstName, lastName, eligibleAt, paidAt, createdAt, ...row }) => ({
      ...row,
      status: row.status as CommissionStatus,
      referral: `${firstName} ${lastName.charAt(0)}.`,
      eligibleAt: eligibleAt?.toISOString() ?? null,
      paidAt: paidAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    })),
    payouts: payouts.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
  };
}

const STATEMENT_ROWS = 100;

/** /admin/affiliates: every partner with her figures. */
export async function listPartnersForAdmin(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({ userId: partners.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .orderBy(users.firstName, users.lastName)
    .limit(500);
  const dashboards = await Promise.all(rows.map((r) => getPartnerDashboard(r.userId, { withStatement: false })));
  return rows.map((r, i) => ({ ...r, ...dashboards[i]! }));
}

/** /admin/affiliates: commissions, newest first, optionally of one status. */
export async function listCommissionsForAdmin(
  viewer: SessionUser,
  status?: CommissionStatus,
): Promise<AdminCommission[]> {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({
      id: referralCommissions.id,
      status: referralCommissions.status,
      amountCents: referralCommissions.amountCents,
      rate: referralCommissions.rate,
      partnerFirst: users.firstName,
      partnerLast: users.lastName,
      partnerCode: partners.partnerCode,
      applicantFirst: applications.firstName,
      applicantLast: applications.lastName,
      eligibleAt: referralCommissions.eligibleAt,
      paidAt: referralCommissions.paidAt,
      cancelReason: referralCommissions.cancelReason,
      createdAt: referralCommissions.createdAt,
    })
    .from(referralCommissions)
    .innerJoin(partners, eq(partners.id, referralCommissions.partnerId))
    .innerJoin(users, eq(users.id, partners.userId))
    .innerJoin(applications, eq(applications.id, referralCommissions.applicationId))
    .where(status ? eq(referralCommissions.status, status) : undefined)
    .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    status: r.status as CommissionStatus,
    amountCents: r.amountCents,
    rate: r.rate,
    partnerName: `${r.partnerFirst} ${r.partnerLast}`,
    partnerCode: r.partnerCode,
    applicantName: `${r.applicantFirst} ${r.applicantLast}`,
    eligibleAt: r.eligibleAt?.toISOString() ?? null,
    paidAt: r.paidAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listPayouts(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return db.select().from(affiliatePayouts).orderBy(desc(affiliatePayouts.id)).limit(50);
}

export async function findPayout(id: number) {
  const [row] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id)).limit(1);
  if (!row) throw notFound("Payout not found.");
  return row;
}
