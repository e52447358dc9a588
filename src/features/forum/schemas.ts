import { z, cursorPart, cursorSchema, idField, idSchema } from "@/lib/validation";
import { REACTION_TYPES } from "./constants";
import { TIER_IDS } from "@/features/membership/constants";

// Shared by the route handlers and the forms; no server-only imports here.

/** */
export const TOPIC_PREVIEW_LENGTH = 150;
export const TOPIC_PAGE_SIZE = 20;
export const REPLY_PAGE_SIZE = 30;
export const REPORTS_TO_HIDE = 3;

/**
 * Lowercase, drop punctuation, whitespace to hyphens, collapse repeated hyphens
 * (and trim them from the ends, so that a title ending in '?' does not leave one).
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

const slugField = z
  .string()
  .trim()
  .min(3, "Slug must be at least 3 characters")
  .max(120, "Slug must be no more than 120 characters")
  .regex(/^[a-z0-9-]+$/, "Slug can only contain lowercase letters, numbers, and hyphens");

export const newTopicSchema = z.object({
  categoryId: idField("Please select a category"),
  title: z
    .string()
    .trim()
    .min(5, "Title must be at least 5 characters")
    .max(100, "Title must be no more than 100 characters"),
  // Optional: an empty slug is generated from the title on the server.
  slug: z.union([z.literal(""), slugField]).optional(),
  content: z
    .string()
    .trim()
    .min(20, "Content must be at least 20 characters")
    .max(20_000, "Content must be no more than 20,000 characters"),
});
export type NewTopicInput = z.input<typeof newTopicSchema>;
export type NewTopic = z.output<typeof newTopicSchema>;

const replyContent = z
  .string()
  .trim()
  .min(5, "Post content must be at least 5 characters")
  .max(10_000, "Post content must be no more than 10,000 characters");

export const newReplySchema = z.object({
  content: replyContent,
  topicId: idSchema,
  parentId: idSchema.optional().nullable(),
});
export type NewReply = z.output<typeof newReplySchema>;

export const editReplySchema = z.object({ content: replyContent });

export const reactionSchema = z.object({ postId: idSchema, reactionType: z.enum(REACTION_TYPES) });
export type Reaction = z.output<typeof reactionSchema>;

export const blockSchema = z.object({ userId: idSchema });

export const preferencesSchema = z.object({ emailOnReplies: z.boolean() });

export const slugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/** Keyset page links, opaque to clients: the last topic's (pinned, last activity, id), the last reply's (created, id). */
const topicCursor = cursorSchema(cursorPart.flag, cursorPart.time, cursorPart.id);
const replyCursor = cursorSchema(cursorPart.time, cursorPart.id);
export type TopicCursor = z.output<typeof topicCursor>;
export type ReplyCursor = z.output<typeof replyCursor>;

export const topicListQuerySchema = z.object({
  categoryId: idSchema.optional(),
  after: topicCursor.optional(),
});

export const replyListQuerySchema = z.object({ after: replyCursor.optional() });

export const searchQuerySchema = z.object({ q: z.string().trim().min(2, "Search for at least 2 characters").max(200) });

export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(100) });

// Administration (/admin/forum).

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex value such as #c2477f");

const categoryFields = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(60, "Name must be no more than 60 characters"),
  slug: slugField,
  description: z.string().trim().max(300, "Description must be no more than 300 characters"),
  icon: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9-]*$/, "Icon must be a lowercase icon name")
    .nullable(),
  color: z.union([z.literal(""), hexColor]).nullable(),
  isPrivate: z.boolean(),
  requiredMembershipLevel: z.enum(TIER_IDS).nullable(),
});

export const categorySchema = categoryFields.extend({
  description: categoryFields.shape.description.default(""),
  icon: categoryFields.shape.icon.optional(),
  color: categoryFields.shape.color.optional(),
  isPrivate: categoryFields.shape.isPrivate.default(false),
  requiredMembershipLevel: categoryFields.shape.requiredMembershipLevel.default(null),
});
export type CategoryInput = z.input<typeof categorySchema>;

/** Only the fields sent are changed (no defaults), and `archived` archives or restores the category. */
export const categoryUpdateSchema = categoryFields
  .partial()
  .extend({ archived: z.boolean().optional() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), "Nothing to change");

export const reorderSchema = z.object({ ids: z.array(idSchema).min(1).max(500) });

export const topicModerationSchema = z
  .object({ isPinned: z.boolean().optional(), isLocked: z.boolean().optional(), categoryId: idSchema.optional() })
  .refine((value) => Object.keys(value).length > 0, "Nothing to change");

export const moderationDecisionSchema = z.object({
  decision: z.enum(["restore", "remove"]),
  note: z.string().trim().max(1000, "The note must be no more than 1,000 characters").default(""),
});
