import { z, idSchema } from "@/lib/validation";

export const AUDIT_PAGE_SIZE = 50;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const optionalDate = z.iso
  .date("Use a date of the form YYYY-MM-DD")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** GET /api/admin/audit (and its CSV export): filters by actor, action, entity and date range (UTC days, both inclusive). */
export const auditSearchSchema = z.object({
  /** Her username or email address (case-insensitive), or her id. */
  actor: optionalText(255),
  /** An action or the start of one ("member." finds every member action). */
  action: optionalText(100),
  entityType: z
    .string()
    .regex(/^[a-z_]{1,50}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  entityId: optionalText(100),
  from: optionalDate,
  to: optionalDate,
  /** The keyset cursor: entries older than this id. */
  before: idSchema.optional().or(z.literal("").transform(() => undefined)),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;
