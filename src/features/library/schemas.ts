// Inputs of the library's calls, shared by the forms and the handlers.
import { z, cursorPart, cursorSchema, idSchema } from "@/lib/validation";
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentType } from "./constants";
import { TIER_IDS } from "@/features/membership/constants";
import { isLibraryImageUrl, isStoredFileUrl, isWebAddress, videoSource } from "./media";
import { articleText } from "./text";

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  article: "Article",
  video: "Video",
  pdf: "PDF",
  external: "External",
};

/** The filter panel's single choice. */
export const CONTENT_TYPE_FILTERS: { value: ContentType | ""; label: string }[] = [
  { value: "", label: "All" },
  { value: "article", label: "Articles" },
  { value: "video", label: "Videos" },
  { value: "pdf", label: "PDFs" },
  { value: "external", label: "External" },
];

export const LIBRARY_PAGE_SIZE = 24;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A slug in a filter or a path; an unknown one simply matches nothing. */
const slugFilter = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .regex(/^[a-z0-9-]*$/, "Unknown filter value");

/** GET /api/content/items and /api/content/bookmarks: the filters of the list, all optional. */
/** A library search ranks at most this many of the newest matches (docs/decisions/020-library.md). */
export const SEARCH_CANDIDATES = 1000;
/** Said under the results when a search matched more than it ranked. */
export const SEARCH_CAPPED_NOTICE = "Showing the best of the newest 1,000 matches; add a word to narrow";
/** The response header of GET /api/content/items (and bookmarks) when the cap applied. */
export const SEARCH_CAPPED_HEADER = "X-Search-Capped";

export const libraryFiltersSchema = z.object({
  search: z.string().trim().max(200, "Search must be no more than 200 characters").default(""),
  category: slugFilter.default(""),
  tag: slugFilter.default(""),
  contentType: z.union([z.enum(CONTENT_TYPES), z.literal("")]).default(""),
  membersOnly: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  limit: z.coerce.number().int().min(1).max(48).default(LIBRARY_PAGE_SIZE),
  /**
   * The next page's cursor (NEXT_CURSOR_HEADER of the page before): the last card's (published or
   * bookmarked at, id), or (rank, published at, id) in a search.
   */
  after: z
    .union([
      cursorSchema(cursorPart.time, cursorPart.id),
      cursorSchema(cursorPart.rank, cursorPart.time, cursorPart.id),
    ])
    .optional(),
});
export type LibraryFilters = z.output<typeof libraryFiltersSchema>;

export const slugParamSchema = z.object({ slug: z.string().trim().min(1).max(100) });

/** A comment's words, under a library item or a course lesson (the one comment system). */
export const commentBodySchema = z.object({
  // 'Empty comment / Please enter a comment'.
  comment: z.string().trim().min(1, "Please enter a comment").max(2000, "Comment must be no more than 2000 characters"),
});
export const commentInputSchema = commentBodySchema.extend({ contentId: idSchema });
export const commentsQuerySchema = z.object({ contentId: idSchema });
export const bookmarkInputSchema = z.object({ contentId: idSchema });

/** Who may read an item or category: every member, or a tier and the tiers above it. */
export const ACCESS_CHOICES = ["public", ...TIER_IDS] as const;
export type AccessChoice = (typeof ACCESS_CHOICES)[number];

export const slugField = z
  .string()
  .trim()
  .min(3, "Slug must be at least 3 characters")
  .max(100, "Slug must be no more than 100 characters")
  .regex(SLUG_PATTERN, "Slug can only contain lowercase letters, numbers, and hyphens");

/** An item's JSON body may be larger than the default 64 KiB: a long article. */
export const LIBRARY_ITEM_MAX_BYTES = 512 * 1024;

/** The editor's item (POST /api/admin/library/items, PUT /api/admin/library/items/{id}). */
export const libraryItemSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, "Title must be at least 3 characters")
      .max(200, "Title must be no more than 200 characters"),
    slug: slugField,
    summary: z
      .string()
      .trim()
      .min(10, "Summary must be at least 10 characters")
      .max(500, "Summary must be no more than 500 characters"),
    contentType: z.enum(CONTENT_TYPES, "Please choose a content type"),
    content: z.string().max(400_000, "The article is too long"),
    featuredImage: z
      .string()
      .trim()
      .refine((value) => value === "" || isLibraryImageUrl(value), "Please upload a JPEG, PNG or WebP image"),
    videoUrl: z.string().trim().max(500, "The address is too long"),
    attachmentUrl: z.string().trim().max(100),
    externalUrl: z.string().trim().max(2000, "The address is too long"),
    categoryId: idSchema.nullable(),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(2, "Tags must be at least 2 characters")
          .max(40, "Tags must be no more than 40 characters"),
      )
      .max(10, "Use at most 10 tags"),
    access: z.enum(ACCESS_CHOICES),
    isFeatured: z.boolean(),
    status: z.enum(CONTENT_STATUSES),
    /** When a scheduled item is published: an ISO instant (the form converts its local time). */
    publishAt: z.string().trim().max(40),
  })
  .superRefine((item, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (item.contentType === "article" && !articleText(item.content) && !/<img\s/i.test(item.content))
      fail("content", "Please write the article");
    if (item.contentType === "video" && !videoSource(item.videoUrl))
      fail("videoUrl", "Please enter a YouTube or Vimeo address, or upload an MP4 video");
    if (item.contentType === "pdf" && !isStoredFileUrl(item.attachmentUrl))
      fail("attachmentUrl", "Please upload a PDF");
    if (item.contentType === "external" && !isWebAddress(item.externalUrl))
      fail("externalUrl", "Please enter a web address starting with https://");
    if (item.status === "scheduled") {
      const at = Date.parse(item.publishAt);
      if (Number.isNaN(at)) fail("publishAt", "Please choose when to publish");
      else if (at <= Date.now()) fail("publishAt", "Please choose a time in the future");
    }
  });
export type LibraryItemInput = z.input<typeof libraryItemSchema>;
export type LibraryItemValues = z.output<typeof libraryItemSchema>;

export const editorListQuerySchema = z.object({
  status: z.union([z.enum(CONTENT_STATUSES), z.literal("")]).default(""),
  search: z.string().trim().max(200).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `nextCursor` of the page before: its last item's (updated at, id). */
  after: cursorSchema(cursorPart.time, cursorPart.id).optional(),
});
export type EditorListQuery = z.output<typeof editorListQuerySchema>;

/** Icons a category may show (lucide names), drawn by the carousel. */
export const CATEGORY_ICONS = [
  "book-open",
  "crown",
  "leaf",
  "palette",
  "briefcase",
  "sparkles",
  "heart",
  "sun",
  "star",
  "users",
] as const;

export const libraryCategorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(60, "Name must be no more than 60 characters"),
  slug: slugField,
  description: z.string().trim().max(300, "Description must be no more than 300 characters"),
  icon: z.enum(CATEGORY_ICONS),
  access: z.enum(ACCESS_CHOICES),
  position: z.number().int().min(0).max(1000),
});
export type LibraryCategoryInput = z.input<typeof libraryCategorySchema>;

export const libraryTagSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Tags must be at least 2 characters")
    .max(40, "Tags must be no more than 40 characters"),
});
export type LibraryTagInput = z.input<typeof libraryTagSchema>;

/** The access choice as the two stored columns (isPublic, requiredMembershipLevel). */
export function accessColumns(access: AccessChoice) {
  return access === "public"
    ? { isPublic: true, requiredMembershipLevel: null }
    : { isPublic: false, requiredMembershipLevel: access };
}

export function accessChoice(row: { isPublic: boolean; requiredMembershipLevel: string | null }): AccessChoice {
  if (row.isPublic) return "public";
  return (row.requiredMembershipLevel as AccessChoice | null) ?? "connect";
}
