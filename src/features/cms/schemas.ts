import { z, idSchema } from "@/lib/validation";
import { CMS_PAGES, type CmsPage } from "./constants";

/** A new section starts with these values and a temporary id starting with "new-". */
export const NEW_SECTION = { title: "New Section", content: "Enter content here..." } as const;

export const cmsSectionSchema = z.object({
  id: z.union([idSchema, z.string().regex(/^new-[\w-]{1,40}$/, "Unknown section id")]),
  title: z.string().trim().min(1, "Section title is required").max(200, "Section title must be at most 200 characters"),
  content: z.string().trim().min(1, "Content is required").max(5000, "Content must be at most 5000 characters"),
  position: z.number().int().min(0).optional(),
});

const pageSections = z.array(cmsSectionSchema).max(40, "A page can have at most 40 sections");

/** The whole keyed object of PUT /api/cms/content: every page, each a list in order. */
export const cmsContentSchema = z.object({
  home: pageSections,
  about: pageSections,
  membership: pageSections,
  community: pageSections,
});

export type CmsSectionInput = z.infer<typeof cmsSectionSchema>;
export type CmsContentInput = z.infer<typeof cmsContentSchema>;
export interface CmsSection {
  id: number;
  title: string;
  content: string;
  position: number;
}
export type CmsContent = Record<CmsPage, CmsSection[]>;
export { CMS_PAGES };

/** Public paths that render each page's sections; saved content revalidates them. */
export const CMS_PAGE_PATHS: Record<CmsPage, string> = {
  home: "/",
  about: "/about",
  membership: "/membership",
  community: "/community",
};
