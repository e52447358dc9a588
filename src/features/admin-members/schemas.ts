import { z, cursorPart, cursorSchema } from "@/lib/validation";
import { TIER_IDS } from "@/features/membership/constants";
import { PERMISSIONS } from "@/lib/auth/access";

export const MEMBER_STATUSES = ["active", "disabled", "deletion_pending"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: "Active",
  disabled: "Disabled",
  deletion_pending: "Deletion pending",
};
export const MEMBERS_PAGE_SIZE = 50;

/** GET /api/admin/members (and its CSV export): search by name, username or email, tier and status. */
export const memberSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  tier: z
    .enum([...TIER_IDS, "none"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  status: z
    .enum(MEMBER_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The page after the member created at this time with this id. */
  after: cursorSchema(cursorPart.time, cursorPart.id).optional(),
});
export type MemberSearch = z.output<typeof memberSearchSchema>;

/** PATCH /api/admin/members/{id}: any of tier, admin right, permission flags and disabled. */
export const memberUpdateSchema = z
  .object({
    membershipLevel: z.enum(TIER_IDS).nullable(),
    isAdmin: z.boolean(),
    permissions: z.partialRecord(z.enum(PERMISSIONS), z.boolean()),
    disabled: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Nothing to change");
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;
