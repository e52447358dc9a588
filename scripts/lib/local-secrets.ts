import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the embedded default keeps its database and secrets (COMMUNITY_DATA_DIR overrides, e.g. for benchmarks). */
export const DATA_DIR = process.env.COMMUNITY_DATA_DIR ?? path.join(process.cwd(), ".data");

export interface LocalSecrets {
  authSecret: string;
  birthDataKey: string;
  databasePassword: string;
}

/**
 * Secrets for the embedded default, generated on first start and kept in .data/secrets.json
 * so that sessions and encrypted birth data survive a restart. Production sets them in the environment.
 */
export function loadLocalSecrets(): LocalSecrets {
  const file = path.join(DATA_DIR, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as LocalSecrets;
  mkdirSync(DATA_DIR, { recursive: true });
  const secrets: LocalSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    birthDataKey: randomBytes(32).toString("base64"),
    databasePassword: randomBytes(18).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
