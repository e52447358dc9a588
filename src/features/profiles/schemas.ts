import { z, cursorPart, cursorSchema } from "@/lib/validation";
import { PROFILE_VISIBILITIES } from "./constants";
import { birthDataSchema, type BirthDataInput } from "@/features/spiritual-profile/schemas";

export const MAX_LIST_ITEMS = 20;
export const MAX_LIST_ITEM_LENGTH = 60;

/** Comma-separated text (the form) or a list (the API), trimmed and split, empty entries and repeats dropped. */
const commaList = (label: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => {
      const parts = (Array.isArray(value) ? value : value.split(",")).map((part) => part.trim()).filter(Boolean);
      return [...new Map(parts.map((part) => [part.toLowerCase(), part])).values()];
    })
    .refine((list) => list.length <= MAX_LIST_ITEMS, `Please list at most ${MAX_LIST_ITEMS} ${label}`)
    .refine(
      (list) => list.every((item) => item.length <= MAX_LIST_ITEM_LENGTH),
      `Each of your ${label} can be at most ${MAX_LIST_ITEM_LENGTH} characters`,
    );

/**
 * A picture uploaded through the storage module (/api/files/{id}), or empty to clear it. Never a link
 * to another site: every member who sees her would load it from there.
 */
const PICTURE = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PICTURE_UPLOAD_MESSAGE =
  "Please upload your picture here (links to pictures on other sites are not accepted)";
const profilePicture = z
  .string()
  .trim()
  .max(2000, PICTURE_UPLOAD_MESSAGE)
  .refine((value) => value === "" || PICTURE.test(value), PICTURE_UPLOAD_MESSAGE);

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`);
const visibility = z.enum(PROFILE_VISIBILITIES);

/** The Edit Profile form; the form and PATCH /api/users/{id} share it. */
export const profileSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(2, "First name must be at least 2 characters")
    .max(50, "First name can be at most 50 characters"),
  lastName: z
    .string()
    .trim()
    .min(2, "Last name must be at least 2 characters")
    .max(50, "Last name can be at most 50 characters"),
  bio: optionalText(1000, "Bio"),
  profilePicture,
  location: optionalText(100, "Location"),
  occupation: optionalText(100, "Occupation"),
  interests: commaList("interests"),
  isMentor: z.boolean(),
  /** Shown and kept only with Offer Mentorship on. */
  mentorTopics: commaList("mentor topics"),
  locationVisibility: visibility,
  occupationVisibility: visibility,
  bioVisibility: visibility,
  hiddenFromDirectory: z.boolean(),
});
export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileInput = z.output<typeof profileSchema>;

/** PATCH /api/users/{id} takes any of the profile fields, at least one. */
export const profilePatchSchema = profileSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, "Nothing to change: send at least one profile field.");
export type ProfilePatch = z.output<typeof profilePatchSchema>;

const BIRTH_FIELDS = ["birthDate", "birthTime", "birthLocation", "placeId"];

export type UpdateUserInput = { kind: "birth-data"; data: BirthDataInput } | { kind: "profile"; data: ProfilePatch };

/** PATCH /api/users/{id}: the birth data when the body names a birth field, otherwise profile fields. */
export const updateUserSchema = {
  parse(input: unknown): UpdateUserInput {
    const names = input && typeof input === "object" ? Object.keys(input) : [];
    if (names.some((name) => BIRTH_FIELDS.includes(name)))
      return { kind: "birth-data", data: birthDataSchema.parse(input) };
    return { kind: "profile", data: profilePatchSchema.parse(input) };
  },
};

/** GET /api/members: the directory's search, Mentors filter and keyset cursor. */
export const directoryQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  mentors: z
    .enum(["1", "true", "0", "false", ""])
    .optional()
    .transform((v) => v === "1" || v === "true"),
  /** The page after the member of this sort name and id. */
  after: cursorSchema(cursorPart.text, cursorPart.id).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(24),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;
