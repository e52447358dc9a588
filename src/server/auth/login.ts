import "server-only";
import { CredentialsSignin } from "next-auth";
import { AppError, tooManyRequests, unauthorized } from "@/lib/errors";
import { recordUse, resetLimit, secondsBlocked, type LimitPolicy } from "@/server/rate-limit";
import { headers } from "next/headers";
import { SecondFactorFailed, sessionGrant, signIn, signOut } from "./next-auth";
import { clearSignedIn, markSignedIn, readSessionId } from "./session-cookie";
import type { LoginInput } from "./schemas";
import { findUserByLogin } from "./users";
import { SESSION_MAX_AGE_SECONDS, revokeSession } from "./sessions";
import { TOO_MANY_CODES, WRONG_CODE } from "./two-factor";

export const INVALID_LOGIN_MESSAGE = "Invalid username or password";

/** Failed sign-ins per account: 5 in 15 minutes, then wait. Unknown usernames count alike. */
export const LOGIN_ACCOUNT_POLICY: LimitPolicy = { keyPrefix: "login_account", points: 5, durationSeconds: 15 * 60 };
/** Failed sign-ins per client address, across accounts. */
export const LOGIN_IP_POLICY: LimitPolicy = { keyPrefix: "login_ip", points: 50, durationSeconds: 15 * 60 };

const TOO_MANY = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
export const CODE_NEEDED_MESSAGE = "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";


/**
 * Signs a user in with username (or email) and password and sets the session cookie.
 * Returns the user's id. A wrong password and an unknown user fail the same way.
 */
export async function logIn(input: LoginInput, client: { ip: string; userAgent: string | null }): Promise<number> {
  const accountKey = input.username.trim().toLowerCase();
  const wait = Math.max(await secondsBlocked(LOGIN_ACCOUNT_POLICY, accountKey), await secondsBlocked(LOGIN_IP_POLICY, client.ip));
  if (wait > 0) throw tooManyRequests(wait, TOO_MANY);

  try {
    await signIn("credentials", {
      username: input.username,
      password: input.password,
      code: input.code ?? "",
      clientIp: client.ip,
      userAgent: client.userAgent ?? "",
      redirect: false,
    });
  } catch (error) {
    if (error instanceof SecondFactorFailed) throw secondFactorError(error);
    if (!(error instanceof CredentialsSignin)) throw error;
    await Promise.all([recordUse(LOGIN_ACCOUNT_POLICY, accountKey), recordUse(LOGIN_IP_POLICY, client.ip)]);
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }

  await resetLimit(LOGIN_ACCOUNT_POLICY, accountKey);
  await markSignedIn(SESSION_MAX_AGE_SECONDS);
  const user = await findUserByLogin(input.username);
  if (!user) throw new AppError(500, "Signed in user vanished");
  return user.id;
}

/**
 * Issues the cookie of a session created together with her account (an accepted invitation): not a
 * sign-in, so no password is checked and no sign-in limit applies (issue 31 item 5).
 */
export async function issueSessionCookie(userId: number, sessionId: string): Promise<void> {
  await signIn("session", { userId: String(userId), sessionId, grant: sessionGrant(String(userId), sessionId), redirect: false });
}

/**
 * Her password was right but the code was missing or wrong: 401 with a `code` field error, which the
 * sign-in form reads to ask for the code; wrong codes are limited per account (TWO_FACTOR_POLICY).
 */
function secondFactorError(error: SecondFactorFailed): AppError {
  if (error.outcome === "blocked") return tooManyRequests(error.retryAfterSeconds, TOO_MANY_CODES);
  const message = error.outcome === "missing" ? CODE_NEEDED_MESSAGE : WRONG_CODE;
  return new AppError(401, message, { code: message });
}

/** Ends the current session: revokes it in the database and clears the cookie. */
export async function logOut(): Promise<void> {
  const sessionId = await readSessionId(await headers());
  if (sessionId) await revokeSession(sessionId);
  await signOut({ redirect: false });
  await clearSignedIn();
}
