import { z } from "@/lib/validation";

/** GET /api/push/key: the server's VAPID public key (RFC 8292). */
export const pushKeySchema = z.strictObject({ publicKey: z.string() });
