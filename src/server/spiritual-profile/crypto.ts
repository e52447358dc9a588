import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/errors";

/**
 * AES-256-GCM with the birth-data key. Format: "v1.<iv>.<tag>.<ciphertext>" (base64url). The user id is
 * bound as associated data, so a ciphertext copied onto another member's row does not decrypt.
 */
function key(): Buffer {
  const raw = env().BIRTH_DATA_KEY;
  const buffer = raw ? Buffer.from(raw, "base64") : Buffer.alloc(0);
  if (buffer.length !== 32) throw serviceUnavailable("Birth data storage is not configured (BIRTH_DATA_KEY).");
  return buffer;
}

export function encryptFor(userId: number, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function decryptFor<T>(userId: number, sealed: string): T {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unknown birth data format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(text) as T;
}
