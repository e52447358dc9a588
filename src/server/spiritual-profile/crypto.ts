import "server-only";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/errors";
import { seal, unseal } from "@/lib/sealed";

/** The birth-data key (BIRTH_DATA_KEY), which seals everything only its owner reads (src/lib/sealed.ts). */
function key(): Buffer {
  const raw = env().BIRTH_DATA_KEY;
  const buffer = raw ? Buffer.from(raw, "base64") : Buffer.alloc(0);
  if (buffer.length !== 32) throw serviceUnavailable("Birth data storage is not configured (BIRTH_DATA_KEY).");
  return buffer;
}

export const encryptFor = (userId: number, value: unknown): string => seal(key(), userId, value);

export const decryptFor = <T>(userId: number, sealed: string): T => unseal<T>(key(), userId, sealed);
