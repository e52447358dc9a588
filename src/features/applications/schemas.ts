import { z, cursorPart, cursorSchema, emailField } from "@/lib/validation";
import { APPLICATION_STATUSES } from "./constants";
import { TIER_IDS } from "@/features/membership/constants";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/features/auth/constants";

// The application form's rules and messages, word for word.
export const applicationSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(2, "First name must be at least 2 characters")
    .max(100, "First name must be at most 100 characters"),
  lastName: z
    .string()
    .trim()
    .min(2, "Last name must be at least 2 characters")
    .max(100, "Last name must be at most 100 characters"),
  email: emailField(),
  phone: z.string().trim().min(10, "Please enter a valid phone number").max(40, "Please enter a valid phone number"),
  membershipTier: z.enum(TIER_IDS, "Please select a membership tier"),
  heardAbout: z
    .string("Please tell us how you heard about us")
    .trim()
    .min(1, "Please tell us how you heard about us")
    .max(200),
  whyJoin: z
    .string()
    .trim()
    .min(20, "Please share why you'd like to join (minimum 20 characters)")
    .max(5000, "Please keep your answer under 5000 characters"),
  partnerCode: z
    .string()
    .trim()
    .max(40, "Partner codes are at most 40 characters")
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  agreeTerms: z
    .boolean("You must agree to the terms and conditions")
    .refine((v) => v, "You must agree to the terms and conditions"),
  isTrial: z.boolean().optional().default(false),
});
export type ApplicationFormValues = z.input<typeof applicationSchema>;
export type ApplicationInput = z.output<typeof applicationSchema>;

export const APPLICATIONS_PAGE_MAX = 200;
export const applicationListQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(APPLICATIONS_PAGE_MAX).default(100),
  /** The next page's cursor (X-Next-Cursor of the page before): its last application's (created at, id). */
  after: cursorSchema(cursorPart.time, cursorPart.id).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const reviewSchema = z.object({
  status: z.enum(["approved", "rejected"], "Choose approved or rejected"),
  reviewNotes: z.string().trim().max(2000, "Review notes must be at most 2000 characters").optional().default(""),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
/** The review's notes, as the admin types them on an application's card before choosing. */
export const reviewNotesSchema = reviewSchema.pick({ reviewNotes: true });
export type ReviewNotesValues = z.input<typeof reviewNotesSchema>;

export const acceptInvitationSchema = z
  .object({
    token: z.string().min(20).max(200),
    username: z
      .string()
      .trim()
      .min(3, "Username must be at least 3 characters")
      .max(30, "Username must be at most 30 characters")
      .regex(/^[A-Za-z0-9_.-]+$/, "Username can only contain letters, numbers, dots, hyphens and underscores"),
    password: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
