import { randomBytes } from "node:crypto";
import webpush from "web-push";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the embedded default keeps its database and secrets (COMMUNITY_DATA_DIR overrides, e.g. for benchmarks). */
export const DATA_DIR = process.env.COMMUNITY_DATA_DIR ?? path.join(process.cwd(), ".data");

export interface LocalSecrets {
  authSecret: string;
  birthDataKey: string;
  /** Seals two-factor secrets (src/server/sealing.ts), added to an older secrets file on its next start. */
  twoFactorKey: string;
  databasePassword: string;
  /** Web Push VAPID keys (RFC 8292), added to an older secrets file on its next start. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/**
 * Secrets for the embedded default, generated on first start and kept in .data/secrets.json
 * so that sessions and encrypted birth data survive a restart. Production sets them in the environment.
 */
export function loadLocalSecrets(): LocalSecrets {
  const file = path.join(DATA_DIR, "secrets.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>) : null;
  if (stored?.authSecret && stored.vapidPublicKey && stored.twoFactorKey) return stored as LocalSecrets;
  mkdirSync(DATA_DIR, { recursive: true });
  const vapid = webpush.generateVAPIDKeys();
  const secrets: LocalSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    birthDataKey: randomBytes(32).toString("base64"),
    twoFactorKey: randomBytes(32).toString("base64"),
    databasePassword: randomBytes(18).toString("base64url"),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    // What an existing file has is kept: its database password and keys are in use.
    ...stored,
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
