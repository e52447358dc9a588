/**
 * Who may open which page or call which API (spec 02 sections 2.1-2.2, decisions.md Authorization).
 * The proxy, the page guards and the API wrapper all decide through checkAccess, so the rules live here once.
 */

export type AccessRule =
  | { kind: "public" }
  | { kind: "member" }
  | { kind: "admin" }
  | { kind: "permission"; permission: Permission };

export const PERMISSIONS = ["manage_content"] as const;
export type Permission = (typeof PERMISSIONS)[number];

// Narrow types (not AccessRule), so that a handler declared with MEMBER or ADMIN gets a non-null user.
export const PUBLIC = { kind: "public" } as const satisfies AccessRule;
export const MEMBER = { kind: "member" } as const satisfies AccessRule;
export const ADMIN = { kind: "admin" } as const satisfies AccessRule;
export const permission = (name: Permission): AccessRule => ({ kind: "permission", permission: name });

export interface AccessSubject {
  isAdmin: boolean;
  permissions: Record<string, boolean>;
}

export type AccessDecision = "allowed" | "unauthenticated" | "forbidden";

export function hasPermission(user: AccessSubject, name: Permission): boolean {
  return user.isAdmin || user.permissions[name] === true;
}

export function checkAccess(user: AccessSubject | null, rule: AccessRule): AccessDecision {
  if (rule.kind === "public") return "allowed";
  if (!user) return "unauthenticated";
  if (rule.kind === "admin" && !user.isAdmin) return "forbidden";
  if (rule.kind === "permission" && !hasPermission(user, rule.permission)) return "forbidden";
  return "allowed";
}

/** Guarded page prefixes, most specific first. Anything not listed is public. */
export const PAGE_RULES: ReadonlyArray<readonly [prefix: string, rule: AccessRule]> = [
  ["/admin/content/create", permission("manage_content")],
  ["/admin", ADMIN],
  ["/spiritual-profile", MEMBER],
  ["/forum", MEMBER],
  ["/library", MEMBER],
  ["/profile", MEMBER],
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
  return `/login?next=${encodeURIComponent(pathWithQuery)}`;
}

/** A `next` parameter is followed only to a path on this site. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
