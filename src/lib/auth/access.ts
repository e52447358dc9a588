/**
 * Who may open which page or call which API (spec 02 sections 2.1-2.2, decisions.md Authorization).
 * The proxy, the page guards and the API wrapper all decide through checkAccess, so the rules live here once.
 */

import { TIER_IDS, type TierId } from "@/db/schema/enums";

export type AccessRule =
  | { kind: "public" }
  | { kind: "member" }
  | { kind: "admin" }
  | { kind: "permission"; permission: Permission }
  /** The signed-in user is the one named by the route parameter `param` (admins too when `admins`). */
  | { kind: "self"; param: string; admins: boolean };

export const PERMISSIONS = ["manage_content"] as const;
export type Permission = (typeof PERMISSIONS)[number];

// Narrow types (not AccessRule), so that a handler declared with MEMBER or ADMIN gets a non-null user.
export const PUBLIC = { kind: "public" } as const satisfies AccessRule;
export const MEMBER = { kind: "member" } as const satisfies AccessRule;
export const ADMIN = { kind: "admin" } as const satisfies AccessRule;
export const permission = (name: Permission) => ({ kind: "permission", permission: name }) as const satisfies AccessRule;
/** Owner-only data such as birth data: not even an administrator passes. */
export const SELF = { kind: "self", param: "id", admins: false } as const satisfies AccessRule;
/** A member's own record, which administrators may also act on. */
export const SELF_OR_ADMIN = { kind: "self", param: "id", admins: true } as const satisfies AccessRule;

export interface AccessSubject {
  isAdmin: boolean;
  permissions: Record<string, boolean>;
  /** She signs in with a TOTP code (src/server/auth/two-factor.ts); every admin must before using her rights. */
  twoFactorEnabled: boolean;
}

/** "two_factor_setup": an admin who has not set up two-factor sign-in yet, sent to set it up first. */
export type AccessDecision = "allowed" | "unauthenticated" | "forbidden" | "two_factor_setup";

/** Where an admin sets up two-factor sign-in (and where members manage theirs and their sessions). */
export const SECURITY_PAGE = "/profile/security";

/** Admin rights count only once she has two-factor sign-in (issue 16). */
const actsAsAdmin = (user: AccessSubject) => user.isAdmin && user.twoFactorEnabled;

export function hasPermission(user: AccessSubject, name: Permission): boolean {
  return actsAsAdmin(user) || user.permissions[name] === true;
}

/**
 * `params` are the route's parameters, needed by `self` rules; the decision is made from them and the
 * session alone, before anything reads the request body.
 */
export function checkAccess(user: (AccessSubject & { id?: number }) | null, rule: AccessRule, params: Record<string, unknown> = {}): AccessDecision {
  if (rule.kind === "public") return "allowed";
  if (!user) return "unauthenticated";
  const isOwner = rule.kind === "self" && String(user.id) === String(params[rule.param]);
  const needsAdmin = rule.kind === "admin" || (rule.kind === "permission" && user.permissions[rule.permission] !== true) || (rule.kind === "self" && !isOwner);
  if (!needsAdmin) return "allowed";
  if (rule.kind === "self" && !rule.admins) return "forbidden";
  if (!user.isAdmin) return "forbidden";
  return user.twoFactorEnabled ? "allowed" : "two_factor_setup";
}

/** decisions.md, Membership tiers: connect < create < empower < play. */
export const TIER_ORDER: readonly TierId[] = TIER_IDS;

export interface LevelSubject {
  isAdmin: boolean;
  membershipLevel: string | null;
}

/**
 * The levels whose gated content this user may read: her own and every level below it (decisions.md,
 * Authorization: at least the required level). Admins read everything; null means no restriction.
 * Queries put this list in their WHERE clause, so nothing above her tier is ever loaded.
 */
export function levelsOpenTo(user: LevelSubject | null): readonly TierId[] | null {
  if (user?.isAdmin) return null;
  const rank = user?.membershipLevel ? TIER_ORDER.indexOf(user.membershipLevel as TierId) : -1;
  return TIER_ORDER.slice(0, rank + 1);
}

/** Whether the user's level is at least `required` (no requirement: anyone signed in). */
export function meetsLevel(user: LevelSubject | null, required: string | null | undefined): boolean {
  if (!required) return true;
  const open = levelsOpenTo(user);
  return open === null || open.includes(required as TierId);
}

/** Guarded page prefixes, most specific first. Anything not listed is public. */
export const PAGE_RULES: ReadonlyArray<readonly [prefix: string, rule: AccessRule]> = [
  ["/admin/content/create", permission("manage_content")],
  ["/admin/library", permission("manage_content")],
  ["/admin", ADMIN],
  ["/spiritual-profile", MEMBER],
  ["/forum", MEMBER],
  ["/library", MEMBER],
  ["/profile", MEMBER],
  ["/members", MEMBER],
  ["/notifications", MEMBER],
  ["/messages", MEMBER],
];

export function pageRuleFor(pathname: string): AccessRule {
  for (const [prefix, rule] of PAGE_RULES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return rule;
  }
  return PUBLIC;
}

/** Where a page request that failed `decision` is sent. */
export function redirectFor(decision: Exclude<AccessDecision, "allowed">, pathWithQuery: string): string {
  if (decision === "forbidden") return "/";
  if (decision === "two_factor_setup") return `${SECURITY_PAGE}?next=${encodeURIComponent(pathWithQuery)}`;
  return `/login?next=${encodeURIComponent(pathWithQuery)}`;
}

/** A `next` parameter is followed only to a path on this site. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
