import "server-only";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/errors";
import { seal, unseal } from "@/lib/sealed";

/**
 * The one place values are sealed (AES-256-GCM, src/lib/sealed.ts), each kind with its own key, so that
 * an install without one (or a leak of one) touches that kind only:
 * - "birth-data" (BIRTH_DATA_KEY): her birth data and the reports computed from it;
 * - "two-factor" (TWO_FACTOR_KEY): her TOTP secret, which every administrator's sign-in needs.
 */
export type SealedKind = "birth-data" | "two-factor";

const KEYS: Record<SealedKind, { variable: "BIRTH_DATA_KEY" | "TWO_FACTOR_KEY"; what: string }> = {
  "birth-data": { variable: "BIRTH_DATA_KEY", what: "Birth data storage" },
  "two-factor": { variable: "TWO_FACTOR_KEY", what: "Two-factor sign-in" },
};

function keyBytes(kind: SealedKind): Buffer | null {
  const raw = env()[KEYS[kind].variable];
  const buffer = raw ? Buffer.from(raw, "base64") : Buffer.alloc(0);
  return buffer.length === 32 ? buffer : null;
}

function key(kind: SealedKind): Buffer {
  const bytes = keyBytes(kind);
  if (!bytes) throw serviceUnavailable(`${KEYS[kind].what} is not configured (${KEYS[kind].variable}).`);
  return bytes;
}

export const sealFor = (kind: SealedKind, userId: number, value: unknown): string => seal(key(kind), userId, value);

export const unsealFor = <T>(kind: SealedKind, userId: number, sealed: string): T =>
  unseal<T>(key(kind), userId, sealed);

/**
 * Her TOTP secret. Secrets sealed before TWO_FACTOR_KEY existed were sealed with BIRTH_DATA_KEY: such a
 * one still opens (with that key, when it is set), and `resealed` is the same secret under
 * TWO_FACTOR_KEY for the caller to store in its place, so each moves over at its owner's next use.
 */
export function openTwoFactorSecret(userId: number, sealed: string): { secret: string; resealed: string | null } {
  try {
    return { secret: unsealFor<string>("two-factor", userId, sealed), resealed: null };
  } catch (error) {
    const legacy = keyBytes("birth-data");
    if (!legacy || !keyBytes("two-factor")) throw error;
    let secret: string;
    try {
      secret = unseal<string>(legacy, userId, sealed);
    } catch {
      throw error;
    }
    return { secret, resealed: sealFor("two-factor", userId, secret) };
  }
}
