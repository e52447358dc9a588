import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { loginSchema } from "@/features/auth/schemas";
import { SESSION_MAX_AGE_SECONDS, createSession } from "./sessions";
import { cancelDeletionOnSignIn, findUserByLogin } from "./users";
import { secureCookiesEnabled } from "./session-cookie";
import { verifyPassword } from "./password";
import { checkSecondFactor, recordRecoverySignIn, type SecondFactor } from "./two-factor";
import { AppError } from "@/lib/errors";

/** Her password was right, but the second step failed: no code, a wrong one, or too many wrong ones. */
export class SecondFactorFailed extends CredentialsSignin {
  constructor(
    readonly outcome: "missing" | "wrong" | "blocked",
    readonly retryAfterSeconds = 0,
  ) {
    super();
    this.code = `two_factor_${outcome}`;
  }
}

async function passSecondFactor(userId: number, code: unknown): Promise<SecondFactor> {
  if (typeof code !== "string" || !code.trim()) throw new SecondFactorFailed("missing");
  try {
    const proof = await checkSecondFactor(userId, code, { allowRecovery: true });
    if (!proof) throw new SecondFactorFailed("wrong");
    return proof;
  } catch (error) {
    if (error instanceof AppError && error.status === 429)
      throw new SecondFactorFailed("blocked", Number(error.headers?.["Retry-After"] ?? 60));
    throw error;
  }
}

/** Proof that the server itself issues the cookie of session `sessionId` (the "session" provider). */
export function sessionGrant(userId: string, sessionId: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`session-grant|${userId}|${sessionId}`).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

declare module "next-auth" {
  interface User {
    sessionId?: string;
  }
}
declare module "@auth/core/jwt" {
  interface JWT {
    sid?: string;
  }
}

function config(): NextAuthConfig {
  return {
    secret: env().AUTH_SECRET,
    trustHost: true,
    useSecureCookies: secureCookiesEnabled(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      // A session our own code has just created with the account (an accepted invitation): no password
      // to check and no sign-in limit, since nobody is signing in. Only code holding AUTH_SECRET can make
      // the grant (Auth.js' own routes are not mounted anyway).
      Credentials({
        id: "session",
        credentials: { userId: {}, sessionId: {}, grant: {} },
        async authorize({ userId, sessionId, grant }) {
          if (typeof userId !== "string" || typeof sessionId !== "string" || typeof grant !== "string") return null;
          if (!sameText(grant, sessionGrant(userId, sessionId))) return null;
          return { id: userId, sessionId };
        },
      }),
      Credentials({
        credentials: { username: {}, password: {}, code: {}, clientIp: {}, userAgent: {} },
        // Only our POST /api/auth/login calls this (Auth.js' own routes are not mounted), after the
        // rate limits in src/server/auth/login.ts; it passes the client's address and user agent along.
        async authorize(credentials) {
          const input = loginSchema.safeParse(credentials);
          if (!input.success) return null;
          const user = await findUserByLogin(input.data.username);
          const valid = await verifyPassword(user?.passwordHash, input.data.password);
          if (!user || !valid || user.disabledAt) return null;
          const proof = user.totpEnabledAt ? await passSecondFactor(user.id, credentials.code) : null;
          if (user.deletionRequestedAt) await cancelDeletionOnSignIn(user.id);
          const client = {
            ip: typeof credentials.clientIp === "string" ? credentials.clientIp : null,
            userAgent: typeof credentials.userAgent === "string" ? credentials.userAgent : null,
          };
          const sessionId = await createSession(user.id, { ...client, twoFactor: proof !== null });
          if (proof === "recovery") await recordRecoverySignIn(user.id, sessionId, client);
          return { id: String(user.id), sessionId };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.sessionId) token.sid = user.sessionId;
        return token;
      },
    },
    logger: {
      // A wrong password is an expected outcome, not a server error.
      error(error) {
        if (error instanceof CredentialsSignin || error.name === "CredentialsSignin") return;
        console.error("[auth]", error);
      },
      warn() {},
    },
  };
}

// Sessions are read by readSessionId (session-cookie.ts); Auth.js issues and clears the cookie.
export const { signIn, signOut } = NextAuth(() => config());
