/**
 * Who may open which page or call which API: authorization is the server's job.
 * The proxy, the page guards and the API wrapper all decide through checkAccess, so the rules live here once.
 */

import { TIER_IDS, type TierId } from "@/features/membership/constants";
import { forbidden, unauthorized } from "@/lib/errors";
import { sameSitePath } from "@/lib/same-site-path";

export type AccessRule =
  | { kind: "public" }
  | { kind: "signed-in" }
  | { kind: "admin" }
  | { kind: "permission"; permission: Permission }
  /** The signed-in user is the one named by the route parameter `param` (admins too when `admins`). */
  | { kind: "self"; param: string; admins: boolean };

export const PERMISSIONS = ["manage_content"] as const;
export type Permission = (typeof PERMISSIONS)[number];

// Narrow types (not AccessRule), so that a handler declared with SIGNED_IN or ADMIN gets a non-null user.
export const PUBLIC = { kind: "public" } as const satisfies AccessRule;
/** Anyone signed in, with a membership or not (hasMembership says whether she holds one). */
export const SIGNED_IN = { kind: "signed-in" } as const satisfies AccessRule;
export const ADMIN = { kind: "admin" } as const satisfies AccessRule;
export const permission = (name: Permission) =>
  ({ kind: "permission", permission: name }) as const satisfies AccessRule;
/** Owner-only data such as birth data: not even an administrator passes. */
export const SELF = { kind: "self", param: "id", admins: false } as const satisfies AccessRule;
/** A member's own record, which administrators may also act on. */
export const SELF_OR_ADMIN = { kind: "self", param: "id", admins: true } as const satisfies AccessRule;

export interface AccessSubject {
  isAdmin: boolean;
  permissions: Record<string, boolean>;
  /**
   * This session passed two-factor sign-in (a TOTP or recovery code at sign-in, or the code that turned
   * it on in this session; src/server/auth/sessions.ts). Admin rights need it.
   */
  twoFactorPassed: boolean;
}

/** "two_factor_setup": an admin who has not set up two-factor sign-in yet, sent to set it up first. */
export type AccessDecision = "allowed" | "unauthenticated" | "forbidden" | "two_factor_setup";

/** Where an admin sets up two-factor sign-in (and where members manage theirs and their sessions). */
export const SECURITY_PAGE = "/profile/security";

/** Where she lands after signing in when she was going nowhere in particular (no `next`). */
export const MEMBERS_HOME = "/home";

/**
 * The one rule for "acts as an administrator": she is one AND this session passed two-factor sign-in.
 * Every check of admin rights, here and in src/server, goes through it or through
 * hasPermission; src/lib/auth/admin-rule.test.ts fails on any other read of the flags.
 */
export function actsAsAdmin(user: AccessSubject | null): boolean {
  return user !== null && user.isAdmin && user.twoFactorPassed;
}

/**
 * She holds the administrator role, whether or not this session may use it. Never a reason to allow
 * anything: only for what is asked of administrators (they keep two-factor on and their account) and
 * for showing the way to the admin tools (which send her to set up two-factor first).
 */
export function holdsAdminRole(user: Pick<AccessSubject, "isAdmin">): boolean {
  return user.isAdmin;
}

/**
 * She holds a membership tier (whoever acts as an admin counts as holding one). Signed in is not
 * enough for what is for members only, such as a members-only event's RSVP and join link.
 */
export function hasMembership(user: (AccessSubject & { membershipLevel: string | null }) | null): boolean {
  return user !== null && (actsAsAdmin(user) || user.membershipLevel !== null);
}

export function hasPermission(user: AccessSubject | null, name: Permission): boolean {
  return user !== null && (actsAsAdmin(user) || user.permissions[name] === true);
}

/**
 * `params` are the route's parameters, needed by `self` rules; the decision is made from them and the
 * session alone, before anything reads the request body.
 */
export function checkAccess(
  user: (AccessSubject & { id?: number }) | null,
  rule: AccessRule,
  params: Record<string, unknown> = {},
): AccessDecision {
  if (rule.kind === "public") return "allowed";
  if (!user) return "unauthenticated";
  const isOwner = rule.kind === "self" && String(user.id) === String(params[rule.param]);
  const needsAdmin =
    rule.kind === "admin" ||
    (rule.kind === "permission" && user.permissions[rule.permission] !== true) ||
    (rule.kind === "self" && !isOwner);
  if (!needsAdmin) return "allowed";
  if (rule.kind === "self" && !rule.admins) return "forbidden";
  if (!holdsAdminRole(user)) return "forbidden";
  // Only password-only sessions of accounts without two-factor exist (sessions.ts ends the others).
  return actsAsAdmin(user) ? "allowed" : "two_factor_setup";
}

/**
 * A data function's own check (the guard next to the data): the same rules as the proxy, the page
 * guards and apiRoute, for the viewer it was handed. 401 without a viewer, 403 for anyone else.
 */
export function assertAccess(
  viewer: (AccessSubject & { id?: number }) | null,
  rule: AccessRule,
  params: Record<string, unknown> = {},
): void {
  const decision = checkAccess(viewer, rule, params);
  if (decision === "unauthenticated") throw unauthorized();
  if (decision !== "allowed") throw forbidden();
}

/** Connect < create < empower < play. */
export const TIER_ORDER: readonly TierId[] = TIER_IDS;

export interface LevelSubject extends AccessSubject {
  membershipLevel: string | null;
}

/**
 * The levels whose gated content this user may read: her own and every level below it (
 * Authorization: at least the required level). Whoever acts as an admin reads everything, and so do
 * holders of `editors` when a feature names it (the library's manage_content); null means no
 * restriction. Queries put this list in their WHERE clause, so nothing above her tier is ever loaded.
 */
export function levelsOpenTo(user: LevelSubject | null, editors?: Permission): readonly TierId[] | null {
  if (editors ? hasPermission(user, editors) : actsAsAdmin(user)) return null;
  const rank = user?.membershipLevel ? TIER_ORDER.indexOf(user.membershipLevel as TierId) : -1;
  return TIER_ORDER.slice(0, rank + 1);
}

/** Whether the user's level is at least `required` (no requirement: anyone signed in). */
export function meetsLevel(
  user: LevelSubject | null,
  required: string | null | undefined,
  editors?: Permission,
): boolean {
  if (!required) return true;
  const open = levelsOpenTo(user, editors);
  return open === null || open.includes(required as TierId);
}

/** Guarded page prefixes, most specific first. Anything not listed is public. */
export const PAGE_RULES: ReadonlyArray<readonly [prefix: string, rule: AccessRule]> = [
  ["/admin/content/create", permission("manage_content")],
  ["/admin/library", permission("manage_content")],
  ["/admin", ADMIN],
  ["/spiritual-profile", SIGNED_IN],
  ["/home", SIGNED_IN],
  ["/forum", SIGNED_IN],
  ["/library", SIGNED_IN],
  ["/courses", SIGNED_IN],
  ["/profile", SIGNED_IN],
  ["/members", SIGNED_IN],
  ["/leaderboard", SIGNED_IN],
  ["/notifications", SIGNED_IN],
  ["/messages", SIGNED_IN],
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

/**
 * A `next` parameter is followed only to a path on this site, by the one rule for a
 * same-site path (src/lib/same-site-path.ts); anything else sends her to `fallback` instead (the home
 * page unless the caller says otherwise). Answers the normalised path.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  return sameSitePath(next) ?? fallback;
}
