import { z, emailField } from "@/lib/validation";
import { PASSWORD_MAX, PASSWORD_MIN } from "./constants";

export const loginSchema = z.object({
  username: z.string().trim().min(1, "Please enter your username").max(254),
  password: z.string().min(1, "Please enter your password").max(PASSWORD_MAX),
  /** The authenticator app's six-digit code or a recovery code, when she has two-factor sign-in on. */
  code: z.string().trim().max(40).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const forgotPasswordSchema = z.object({
  email: emailField(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A code from her authenticator app (or, where accepted, a recovery code). */
export const twoFactorCodeSchema = z.object({ code: z.string().trim().min(6, "Please enter the code").max(40) });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** Turning two-factor sign-in off asks for her password and a code. */
export const disableTwoFactorSchema = twoFactorCodeSchema.extend({
  password: z.string().min(1, "Please enter your password").max(PASSWORD_MAX),
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

/** Changing her password while signed in: the one she has, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX),
    password: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Changing her email address: the new one, and her password to show it is her. */
export const changeEmailSchema = z.object({
  newEmail: emailField(),
  currentPassword: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** The link's token sent to the new address. */
export const confirmEmailChangeSchema = z.object({ token: z.string().min(20).max(200) });
