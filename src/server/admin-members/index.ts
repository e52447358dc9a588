import "server-only";
import type { Actor } from "@/server/auth/actor";
import { keysetPage } from "@/server/pagination";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { and, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import {
  applications,
  eventRsvps,
  events,
  forumPosts,
  forumTopics,
  membershipTiers,
  paymentTransactions,
  sessions,
  users,
} from "@/db/schema";
import { adminSearchText } from "@/db/schema/users";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { emailResetLink } from "@/server/auth/password-reset";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeAllSessions } from "@/server/auth/sessions";
import { encodeCursor } from "@/lib/validation";
import {
  MEMBERS_PAGE_SIZE,
  type MemberSearch,
  type MemberStatus,
  type MemberUpdate,
} from "@/features/admin-members/schemas";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvExport } from "@/server/csv";

export const LAST_ADMIN_MESSAGE = "The last administrator cannot be removed.";
export const OWN_ADMIN_MESSAGE = "You cannot remove your own admin right.";
export const DISABLE_SELF_MESSAGE = "You cannot disable your own account.";

const statusOf = sql<MemberStatus>`case when ${users.disabledAt} is not null then 'disabled' when ${users.deletionRequestedAt} is not null then 'deletion_pending' else 'active' end`;

const listColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  membershipLevel: users.membershipLevel,
  isAdmin: users.isAdmin,
  permissions: users.permissions,
  status: statusOf,
  createdAt: users.createdAt,
};

export interface MemberRow {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  membershipLevel: string | null;
  isAdmin: boolean;
  permissions: Record<string, boolean>;
  status: MemberStatus;
  createdAt: Date;
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchConditions(query: MemberSearch): SQL | undefined {
  return and(
    query.q ? sql`${adminSearchText(users)} like ${likePattern(query.q)}` : undefined,
    query.tier === "none"
      ? isNull(users.membershipLevel)
      : query.tier
        ? eq(users.membershipLevel, query.tier)
        : undefined,
    query.status === "disabled" ? isNotNull(users.disabledAt) : undefined,
    query.status === "deletion_pending"
      ? and(isNull(users.disabledAt), isNotNull(users.deletionRequestedAt))
      : undefined,
    query.status === "active" ? and(isNull(users.disabledAt), isNull(users.deletionRequestedAt)) : undefined,
    isNull(users.erasedAt),
  );
}

/** /admin/members: newest first, with keyset pagination on (created_at, id). */
export async function listMembers(
  viewer: SessionUser,
  query: MemberSearch,
): Promise<{ members: MemberRow[]; next: string | null }> {
  assertAccess(viewer, ADMIN);
  const cursor = query.after ? ([new Date(query.after[0]), query.after[1]] as const) : null;
  const rows = await db
    .select(listColumns)
    .from(users)
    .where(
      and(
        searchConditions(query),
        cursor
          ? or(lt(users.createdAt, cursor[0]), and(eq(users.createdAt, cursor[0]), lt(users.id, cursor[1])))
          : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(MEMBERS_PAGE_SIZE + 1);
  const { page: members, next } = keysetPage(rows, MEMBERS_PAGE_SIZE, (last) =>
    encodeCursor([last.createdAt.toISOString(), last.id]),
  );
  return { members, next };
}

/** GET /api/admin/members/export. */
export const MEMBERS_CSV: CsvExport<MemberRow> = {
  name: "members",
  header: ["id", "username", "email", "first_name", "last_name", "tier", "status", "admin", "permissions", "joined_at"],
  row: (m) => [
    m.id,
    m.username,
    m.email,
    m.firstName,
    m.lastName,
    m.membershipLevel ?? "",
    m.status,
    m.isAdmin ? "yes" : "no",
    Object.keys(m.permissions)
      .filter((p) => m.permissions[p])
      .join(" "),
    m.createdAt.toISOString(),
  ],
};

/** Every member the search matches, newest account first, a page at a time (the CSV export). */
export function memberPages(viewer: SessionUser, query: MemberSearch) {
  assertAccess(viewer, ADMIN);
  return pagesByIdDescending((beforeId) =>
    db
      .select(listColumns)
      .from(users)
      .where(and(searchConditions(query), beforeId ? lt(users.id, beforeId) : undefined))
      .orderBy(desc(users.id))
      .limit(CSV_PAGE_SIZE),
  );
}

/** A member's admin view: profile, tier, status, applications, payments, RSVPs and forum activity counts. */
export async function getMemberAdminView(viewer: SessionUser, userId: number) {
  assertAccess(viewer, ADMIN);
  const [member] = await db
    .select({
      ...listColumns,
      location: users.location,
      occupation: users.occupation,
      memberSince: users.memberSince,
      levelTitle: membershipTiers.title,
      disabledAt: users.disabledAt,
      deletionRequestedAt: users.deletionRequestedAt,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      topics: sql<number>`(select count(*)::int from ${forumTopics} where ${forumTopics.userId} = ${users.id})`,
      replies: sql<number>`(select count(*)::int from ${forumPosts} where ${forumPosts.userId} = ${users.id})`,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
    })
    .from(users)
    .leftJoin(membershipTiers, eq(membershipTiers.id, users.membershipLevel))
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .limit(1);
  if (!member) throw notFound("Member not found.");
  const [memberApplications, payments, rsvps] = await Promise.all([
    db
      .select({
        id: applications.id,
        membershipTier: applications.membershipTier,
        status: applications.status,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .where(or(eq(applications.userId, userId), eq(sql`lower(${applications.email})`, member.email.toLowerCase())))
      .orderBy(desc(applications.createdAt)),
    db
      .select({
        id: paymentTransactions.id,
        kind: paymentTransactions.kind,
        amount: paymentTransactions.amount,
        currency: paymentTransactions.currency,
        status: paymentTransactions.status,
        createdAt: paymentTransactions.createdAt,
      })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.userId, userId))
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(50),
    db
      .select({ eventId: events.id, title: events.title, startsAt: events.startsAt, status: eventRsvps.status })
      .from(eventRsvps)
      .innerJoin(events, eq(events.id, eventRsvps.eventId))
      .where(eq(eventRsvps.userId, userId))
      .orderBy(desc(events.startsAt))
      .limit(50),
  ]);
  return { member, applications: memberApplications, payments, rsvps };
}
export type MemberAdminView = Awaited<ReturnType<typeof getMemberAdminView>>;

/**
 * Changes a member's tier, admin right, permission flags or disabled state, and records each change in
 * the audit log. An admin cannot remove her own admin right or disable herself; the last active admin
 * cannot lose her right (checked here for a clear message, and by the users_keep_an_admin trigger,
 * which also settles two admins removing each other at once). Disabling ends her sessions at once.
 */
export async function updateMember(actor: Actor, userId: number, patch: MemberUpdate): Promise<void> {
  assertAccess(actor.viewer, ADMIN);
  if (userId === actor.id && patch.isAdmin === false) throw conflict(OWN_ADMIN_MESSAGE);
  if (userId === actor.id && patch.disabled === true) throw conflict(DISABLE_SELF_MESSAGE);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        membershipLevel: users.membershipLevel,
        isAdmin: users.isAdmin,
        permissions: users.permissions,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.erasedAt)))
      .for("update");
    if (!current) throw notFound("Member not found.");
    const losesAdmin =
      current.isAdmin && current.disabledAt === null && (patch.isAdmin === false || patch.disabled === true);
    if (losesAdmin) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users_keep_an_admin'))`);
      const [others] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.isAdmin, true), isNull(users.disabledAt), sql`${users.id} <> ${userId}`));
      if (!others?.count) throw conflict(LAST_ADMIN_MESSAGE);
    }

    const changes: Partial<typeof users.$inferInsert> = {};
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit({ actorId: actor.id, action, entityType: "user", entityId: userId, details, ip: actor.ip }, tx);
    if (patch.membershipLevel !== undefined && patch.membershipLevel !== current.membershipLevel) {
      changes.membershipLevel = patch.membershipLevel;
      await audit("member.tier_changed", { from: current.membershipLevel, to: patch.membershipLevel });
    }
    if (patch.isAdmin !== undefined && patch.isAdmin !== current.isAdmin) {
      changes.isAdmin = patch.isAdmin;
      await audit(patch.isAdmin ? "member.admin_granted" : "member.admin_removed", {});
    }
    if (patch.permissions) {
      const permissions = { ...current.permissions };
      for (const [name, granted] of Object.entries(patch.permissions)) {
        if (granted === undefined || Boolean(permissions[name]) === granted) continue;
        if (granted) permissions[name] = true;
        else delete permissions[name];
        await audit(granted ? "member.permission_granted" : "member.permission_removed", { permission: name });
      }
      changes.permissions = permissions;
    }
    if (patch.disabled !== undefined && patch.disabled !== (current.disabledAt !== null)) {
      changes.disabledAt = patch.disabled ? new Date() : null;
      await audit(patch.disabled ? "member.disabled" : "member.enabled", {});
      if (patch.disabled) await revokeAllSessions(userId, tx);
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
  });
}

/** Emails her a password reset link (the same link and email as "Forgot password"). */
export async function sendPasswordResetFor(actor: Actor, userId: number): Promise<void> {
  assertAccess(actor.viewer, ADMIN);
  const [member] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt), isNull(users.erasedAt)))
    .limit(1);
  if (!member) throw conflict("A reset link can only be sent to an active account.");
  await emailResetLink(member, actor.baseUrl, (tx) =>
    recordAudit(
      { actorId: actor.id, action: "member.password_reset_sent", entityType: "user", entityId: userId, ip: actor.ip },
      tx,
    ),
  );
}
