import { z } from "@/lib/validation";
import { CONTENT_TYPES } from "./constants";
import { id, isoDateTime } from "@/features/api/json";

/** A library card (spec 02 section 2.13): never the body, video, attachment or external link. */
export const libraryCardSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  featuredImage: z.string().nullable(),
  isFeatured: z.boolean(),
  isPublic: z.boolean(),
  /** The tier it needs (the stricter of the item's and its category's); null when every member reads it. */
  requiredMembershipLevel: z.string().nullable(),
  status: z.string(),
  publishedAt: isoDateTime.nullable(),
  viewCount: z.number().int().nonnegative(),
  readingMinutes: z.number().int().nullable(),
  /** Her tier does not open it: she sees the card and the gating panel, nothing more. */
  locked: z.boolean(),
  category: z.strictObject({ name: z.string(), slug: z.string() }).nullable(),
  membersOnly: z.boolean(),
});

export const libraryPersonSchema = z.strictObject({ id, firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() });

/** GET /api/content/items/{slug}: the card, and its content only when her tier opens it. */
export const libraryItemSchema = libraryCardSchema.extend({
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  externalUrl: z.string().nullable(),
  author: libraryPersonSchema.nullable(),
  canEdit: z.boolean(),
});

export const libraryCategorySchema = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  isPublic: z.boolean(),
  requiredMembershipLevel: z.string().nullable(),
  locked: z.boolean(),
});

export const libraryTagSchema = z.strictObject({ id, name: z.string(), slug: z.string() });

export const libraryCommentSchema = z.strictObject({
  id,
  comment: z.string(),
  createdAt: isoDateTime,
  contentId: id,
  userId: id,
  author: libraryPersonSchema,
});

export const bookmarkStatusSchema = z.strictObject({ isBookmarked: z.boolean() });
export const itemViewSchema = z.strictObject({ recorded: z.boolean(), viewCount: z.number().int().nonnegative() });
