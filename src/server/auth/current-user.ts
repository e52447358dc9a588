import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { checkAccess, redirectFor, type AccessRule } from "@/lib/auth/access";
import { unauthorized } from "@/lib/errors";
import { readSessionId } from "./session-cookie";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadSessionUser } from "./sessions";

/** The signed-in user of this request, checked against the database; null when signed out. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const sessionId = await readSessionId(await headers());
  return sessionId ? loadSessionUser(sessionId) : null;
});

/** The id of this request's session, for a handler whose access rule has already found it valid. */
export async function currentSessionId(): Promise<string> {
  const sessionId = await readSessionId(await headers());
  if (!sessionId || !(await getCurrentUser())) throw unauthorized();
  return sessionId;
}

/**
 * Guard for server-rendered pages and layouts: redirects exactly as the proxy does, so a page is
 * protected even where the proxy does not run. Returns the user when the rule allows.
 */
export async function requirePageAccess(rule: AccessRule & { kind: "public" }): Promise<SessionUser | null>;
export async function requirePageAccess(rule: AccessRule): Promise<SessionUser>;
export async function requirePageAccess(rule: AccessRule): Promise<SessionUser | null> {
  const user = await getCurrentUser();
  const decision = checkAccess(user, rule);
  if (decision !== "allowed") {
    const path = (await headers()).get("x-pathname") ?? "/";
    redirect(redirectFor(decision, path));
  }
  return user;
}
