import { z } from "@/lib/validation";

/** Birth data as the form sends it. Shared by the form and PATCH /api/users/{id}. */
export const birthDataSchema = z.object({
  birthDate: z
    .string("Birth date is required")
    .trim()
    .min(1, "Birth date is required")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Birth date must be in the format YYYY-MM-DD")
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, "Birth date is not a real date")
    .refine((v) => v >= "1800-01-01", "Birth date must be in 1800 or later")
    .refine((v) => v <= new Date().toISOString().slice(0, 10), "Birth date cannot be in the future"),
  birthTime: z
    .string("Birth time is required")
    .trim()
    .min(1, "Birth time is required")
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Birth time must be 24-hour, HH:MM"),
  birthLocation: z.string("Birth location is required").trim().min(1, "Birth location is required").max(200),
  /** The chosen place from GET /api/places; the server resolves its coordinates and time zone. */
  placeId: z.string("Birth location is required").trim().min(1, "Birth location is required").max(200),
  /**
   * Optional: the UTC offset in force at the birth, when the member knows it (birth certificate, astro.com) and
   * it differs from the one we found; it then replaces the time zone database's reading. Empty means none.
   */
  utcOffset: z
    .string()
    .trim()
    .regex(/^$|^[+-]\d{2}:[0-5]\d$/, "UTC offset must look like +01:00 or -03:30")
    .refine(
      (v) => v === "" || Math.abs(Number(v.slice(1, 3)) * 60 + Number(v.slice(4))) <= 14 * 60,
      "UTC offset must be between -14:00 and +14:00",
    )
    .optional(),
  /** For a time that occurred twice or not at all on that day: which reading the member chose. */
  timeChoice: z.enum(["earlier", "later"]).optional(),
});
export type BirthDataInput = z.infer<typeof birthDataSchema>;

export const REPORT_KINDS = ["astrology", "gene-key", "human-design"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LABEL: Record<ReportKind, string> = {
  astrology: "astrology",
  "gene-key": "Gene Key",
  "human-design": "Human Design",
};
