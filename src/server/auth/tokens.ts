import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A random single-use token for a link, and the hash we store (the token itself never is). */
export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
