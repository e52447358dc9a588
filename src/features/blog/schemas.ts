import { z } from "@/lib/validation";
import { BLOG_STATUSES } from "./constants";

export const blogPostSchema = z.object({
  title: z
    .string()
    .trim()
    .min(5, "Title must be at least 5 characters")
    .max(200, "Title must be at most 200 characters"),
  slug: z
    .string()
    .trim()
    .min(3, "Slug must be at least 3 characters")
    .max(100, "Slug must be at most 100 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, numbers and single hyphens"),
  excerpt: z
    .string()
    .trim()
    .min(10, "Excerpt must be at least 10 characters")
    .max(300, "Excerpt must be at most 300 characters"),
  body: z
    .string()
    .trim()
    .min(20, "Content must be at least 20 characters")
    .max(50000, "Content must be at most 50000 characters"),
  category: z.string().trim().min(2, "Please enter a category").max(50, "Category must be at most 50 characters"),
  authorName: z
    .string()
    .trim()
    .min(2, "Please enter the author's name")
    .max(100, "Author must be at most 100 characters"),
  imageUrl: z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, "Use a path such as /images/photo.svg or an https:// address")
      .max(500),
  ]),
  status: z.enum(BLOG_STATUSES),
});
export type BlogPostInput = z.input<typeof blogPostSchema>;
