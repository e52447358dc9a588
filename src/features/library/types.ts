import { z } from "@/lib/validation";
import { CONTENT_TYPES } from "./constants";
import { id, isoDateTime } from "@/features/api/json";
import type { AccessChoice, LibraryCategoryInput } from "./schemas";

/** A library card: never the body, video, attachment or external link. */
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

export const libraryPersonSchema = z.strictObject({
  id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
});

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

// What server components hand the library's client components (rows as queried: dates are Dates).

/** A card of the library grid (src/server/library/queries.ts). */
export interface LibraryCard {
  id: number;
  title: string;
  slug: string;
  summary: string;
  contentType: string;
  featuredImage: string | null;
  isFeatured: boolean;
  isPublic: boolean;
  requiredMembershipLevel: string | null;
  status: string;
  publishedAt: Date | null;
  viewCount: number;
  readingMinutes: number | null;
  locked: boolean;
  category: { name: string; slug: string } | null;
  membersOnly: boolean;
}

export interface LibraryPerson {
  id: number;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
}

/** One item: the card, and its content only when her tier opens it. */
export interface LibraryItem extends LibraryCard {
  content: string | null;
  videoUrl: string | null;
  attachmentUrl: string | null;
  externalUrl: string | null;
  author: LibraryPerson | null;
  canEdit: boolean;
}

/** A library tag, as the filters, chips and tag pages show it. */
export interface LibraryTag {
  id: number;
  name: string;
  slug: string;
}

export interface LibraryCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string | null;
  isPublic: boolean;
  requiredMembershipLevel: string | null;
  locked: boolean;
}

export interface LibraryComment {
  id: number;
  comment: string;
  createdAt: Date;
  contentId: number;
  userId: number;
  author: LibraryPerson;
}

/** A row of the admin's item list. */
export interface EditorListItem {
  id: number;
  title: string;
  slug: string;
  contentType: string;
  status: string;
  isFeatured: boolean;
  publishedAt: Date | null;
  updatedAt: Date;
  viewCount: number;
  categoryName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** One item as the editor's form holds it (GET /api/admin/library/items/{id}). */
export interface EditorItem {
  id: number;
  title: string;
  slug: string;
  summary: string;
  contentType: string;
  content: string;
  featuredImage: string;
  videoUrl: string;
  attachmentUrl: string;
  externalUrl: string;
  categoryId: number | null;
  tags: string[];
  access: AccessChoice;
  isFeatured: boolean;
  status: string;
  publishAt: string;
  publishedAt: Date | null;
}

export interface EditorCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: LibraryCategoryInput["icon"];
  access: AccessChoice;
  position: number;
  itemCount: number;
}

export interface EditorTag {
  id: number;
  name: string;
  slug: string;
  itemCount: number;
}
