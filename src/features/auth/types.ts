import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";

/** The signed-in member as she sees herself (GET /api/auth/me, the sign-in's answer); her own record only. */
export const currentUserSchema = z.strictObject({
  id,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  isAdmin: z.boolean(),
  isMentor: z.boolean(),
  isPartner: z.boolean(),
  membershipLevel: z.string().nullable(),
  permissions: z.record(z.string(), z.boolean()),
  /** She has two-factor sign-in on (admins need it to use their rights). */
  twoFactorEnabled: z.boolean(),
  /** This session passed two-factor sign-in: admin rights need it (src/lib/auth/access.ts). */
  twoFactorPassed: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** One of her sessions (GET /api/auth/sessions): where and when she signed in, the current one marked. */
export const activeSessionSchema = z.strictObject({
  id: z.uuid(),
  /** The browser as a person names it, e.g. "Chrome on macOS". */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  current: z.boolean(),
});
export type ActiveSessionView = z.infer<typeof activeSessionSchema>;

export const twoFactorSetupSchema = z.strictObject({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (a PNG data URL), for authenticator apps to scan. */
  qrCode: z.string(),
});

export const recoveryCodesSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
