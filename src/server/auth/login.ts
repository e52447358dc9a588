import "server-only";
import { CredentialsSignin } from "next-auth";
import { AppError, tooManyRequests, unauthorized } from "@/lib/errors";
import { recordUse, refund, resetLimit, type LimitPolicy } from "@/server/rate-limit";
import { headers } from "next/headers";
import { SecondFactorFailed, sessionGrant, signIn, signOut } from "./next-auth";
import { clearSignedIn, markSignedIn, readSessionId } from "./session-cookie";
import type { LoginInput } from "@/features/auth/schemas";
import { findUserByLogin } from "./users";
import { SESSION_MAX_AGE_SECONDS, revokeSession } from "./sessions";
import { TOO_MANY_CODES, WRONG_CODE } from "./two-factor";

export const INVALID_LOGIN_MESSAGE = "Invalid username or password";

/**
 * Failed sign-ins per account AND client address: 5 in 15 minutes, then that address waits. Keyed by
 * the account (its username and email count together), or by the login as typed when no account has
 * it. Per pair, so that nobody can lock a member out by failing from elsewhere: her right password
 * from her own address still gets through (as Discourse and GitHub do).
 */
export const LOGIN_ACCOUNT_POLICY: LimitPolicy = { keyPrefix: "login_account", points: 5, durationSeconds: 15 * 60 };
/** Failed sign-ins per client address, across accounts. */
export const LOGIN_IP_POLICY: LimitPolicy = { keyPrefix: "login_ip", points: 50, durationSeconds: 15 * 60 };

const TOO_MANY = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
export const CODE_NEEDED_MESSAGE = "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";

/** The LOGIN_ACCOUNT_POLICY key of a sign-in attempt. */
export function loginAttemptKey(account: { id: number } | null, login: string, ip: string): string {
  return `${account ? `user:${account.id}` : `login:${login.trim().toLowerCase()}`}|${ip}`;
}

/**
 * Counts a sign-in attempt against both limits before the password is checked, each in one atomic
 * step, so that parallel attempts cannot all pass a check made before any of them was counted: of 40
 * at once, 5 are tried. Throws 429 when either limit is used up.
 */
async function countAttempt(attemptKey: string, ip: string): Promise<void> {
  const waitForAccount = await recordUse(LOGIN_ACCOUNT_POLICY, attemptKey);
  if (waitForAccount > 0) throw tooManyRequests(waitForAccount, TOO_MANY);
  const waitForAddress = await recordUse(LOGIN_IP_POLICY, ip);
  if (waitForAddress > 0) {
    await refund(LOGIN_ACCOUNT_POLICY, attemptKey);
    throw tooManyRequests(waitForAddress, TOO_MANY);
  }
}

/** An attempt that was not a wrong password (right password, or our own failure) does not count. */
async function uncountAttempt(attemptKey: string, ip: string): Promise<void> {
  await Promise.all([refund(LOGIN_ACCOUNT_POLICY, attemptKey), refund(LOGIN_IP_POLICY, ip)]);
}

/**
 * Signs a user in with username (or email) and password and sets the session cookie.
 * Returns the user's id. A wrong password and an unknown user fail the same way.
 */
export async function logIn(input: LoginInput, client: { ip: string; userAgent: string | null }): Promise<number> {
  const account = await findUserByLogin(input.username);
  const attemptKey = loginAttemptKey(account, input.username, client.ip);
  await countAttempt(attemptKey, client.ip);

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
    if (error instanceof CredentialsSignin && !(error instanceof SecondFactorFailed))
      throw unauthorized(INVALID_LOGIN_MESSAGE);
    // The right password with a missing or wrong code (limited per account by TWO_FACTOR_POLICY), or a failure of ours.
    await uncountAttempt(attemptKey, client.ip);
    if (error instanceof SecondFactorFailed) throw secondFactorError(error);
    throw error;
  }

  await Promise.all([resetLimit(LOGIN_ACCOUNT_POLICY, attemptKey), refund(LOGIN_IP_POLICY, client.ip)]);
  await markSignedIn(SESSION_MAX_AGE_SECONDS);
  if (!account) throw new AppError(500, "Signed in user vanished");
  return account.id;
}

/**
 * Issues the cookie of a session created together with her account (an accepted invitation): not a
 * sign-in, so no password is checked and no sign-in limit applies.
 */
export async function issueSessionCookie(userId: number, sessionId: string): Promise<void> {
  await signIn("session", {
    userId: String(userId),
    sessionId,
    grant: sessionGrant(String(userId), sessionId),
    redirect: false,
  });
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
