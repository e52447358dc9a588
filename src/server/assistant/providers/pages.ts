import "server-only";
import { asc } from "drizzle-orm";
import { contentSections } from "@/db/schema";
import type { CmsPage } from "@/db/schema/enums";
import { CMS_PAGE_PATHS } from "@/server/cms/schemas";
import type { PassageProvider } from "./types";

const PAGE_TITLES: Record<CmsPage, string> = { home: "Home", about: "About", membership: "Membership", community: "Community" };

/** The editable public pages (home, about, membership, community), one passage per section. */
export const pageProvider: PassageProvider = {
  async load(executor) {
    const sections = await executor.select().from(contentSections).orderBy(asc(contentSections.page), asc(contentSections.position), asc(contentSections.id));
    return sections
      .filter((s) => s.content.trim())
      .map((s) => {
        const page = s.page as CmsPage;
        return { sourceId: page, title: `${PAGE_TITLES[page]}: ${s.title}`, url: CMS_PAGE_PATHS[page], body: s.content, requiredLevel: null };
      });
  },
};
