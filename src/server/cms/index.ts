import "server-only";
import { assertAccess, ADMIN } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { cache } from "react";
import { db } from "@/db";
import { contentSections } from "@/db/schema";
import type { CmsPage } from "@/features/cms/constants";
import { badRequest } from "@/lib/errors";
import { contentSaved } from "@/server/jobs/content-saved";
import { recordAudit } from "@/server/audit";
import { CMS_PAGES, type CmsContent, type CmsContentInput, type CmsSection } from "@/features/cms/schemas";

/** Every page's sections, in order (GET /api/cms/content). */
export async function getCmsContent(): Promise<CmsContent> {
  const rows = await db
    .select({
      id: contentSections.id,
      page: contentSections.page,
      title: contentSections.title,
      content: contentSections.content,
      position: contentSections.position,
    })
    .from(contentSections)
    .orderBy(asc(contentSections.position), asc(contentSections.id));
  const content: CmsContent = { home: [], about: [], membership: [], community: [] };
  for (const { page, ...section } of rows) content[page as CmsPage]?.push(section);
  return content;
}

/** One page's sections in order, for the public pages (read once per render). */
export const getPageSections = cache(async (page: CmsPage): Promise<CmsSection[]> => {
  return db
    .select({
      id: contentSections.id,
      title: contentSections.title,
      content: contentSections.content,
      position: contentSections.position,
    })
    .from(contentSections)
    .where(eq(contentSections.page, page))
    .orderBy(asc(contentSections.position), asc(contentSections.id));
});

/**
 * Replaces the four pages' sections with the editor's lists, in one transaction: sections missing
 * from a list are deleted, known ids are updated, "new-" ids inserted, and positions follow the
 * list order. An id that belongs to another page (or to nothing) fails the whole save, so a stale
 * or forged editor cannot touch rows it did not load.
 */
export async function saveCmsContent(viewer: SessionUser, input: CmsContentInput): Promise<CmsContent> {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await db.transaction(async (tx) => {
    for (const page of CMS_PAGES) {
      const sections = input[page];
      const keptIds = sections.map((s) => s.id).filter((id): id is number => typeof id === "number");
      if (keptIds.length) {
        const owned = await tx
          .select({ id: contentSections.id })
          .from(contentSections)
          .where(and(eq(contentSections.page, page), inArray(contentSections.id, keptIds)));
        if (owned.length !== new Set(keptIds).size)
          throw badRequest("The content changed since it was loaded. Reload the editor and try again.");
      }
      await tx
        .delete(contentSections)
        .where(
          keptIds.length
            ? and(eq(contentSections.page, page), notInArray(contentSections.id, keptIds))
            : eq(contentSections.page, page),
        );
      for (const [position, section] of sections.entries()) {
        const values = { title: section.title, content: section.content, position };
        if (typeof section.id === "number")
          await tx.update(contentSections).set(values).where(eq(contentSections.id, section.id));
        else await tx.insert(contentSections).values({ ...values, page });
      }
    }
    const counts = Object.fromEntries(CMS_PAGES.map((page) => [page, input[page].length]));
    await recordAudit(
      { actorId, action: "cms.content.save", entityType: "content_sections", details: { sections: counts } },
      tx,
    );
    await contentSaved("page", tx);
  });
  return getCmsContent();
}
