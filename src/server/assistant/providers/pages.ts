import "server-only";
import { asc } from "drizzle-orm";
import { contentSections } from "@/db/schema";
import type { CmsPage } from "@/features/cms/constants";
import { sectionRole } from "@/features/cms/page-layout";
import { CMS_PAGE_PATHS } from "@/features/cms/schemas";
import type { PassageProvider } from "./types";

const PAGE_TITLES: Record<CmsPage, string> = {
  home: "Home",
  about: "About",
  membership: "Membership",
  community: "Community",
};

/** The heading a page shows above a group of its sections (the pillars, the offerings, the benefits, the values). */
const GROUP_HEADINGS: Record<string, string> = {
  Pillar: "Our Four Pillars",
  "What We Do card": "What We Do",
  "Benefit card": "Membership Benefits",
  Value: "Our Values",
};
/** How the whole group reads as one sentence. */
const GROUP_LEADS: Record<string, string> = {
  "Our Four Pillars": "Our four pillars are",
  "What We Do": "What we do:",
  "Membership Benefits": "The benefits of membership are",
  "Our Values": "Our values are",
};

/**
 * The editable public pages (home, about, membership, community), one passage per section, titled as
 * the page shows it: "Community: Our Values: Inclusivity" (a question about values finds the values).
 */
export const pageProvider: PassageProvider = {
  async load(executor) {
    const sections = await executor
      .select()
      .from(contentSections)
      .orderBy(asc(contentSections.page), asc(contentSections.position), asc(contentSections.id));
    const seen = new Map<CmsPage, number>();
    const groups = new Map<string, { page: CmsPage; heading: string; names: string[] }>();
    const passages = sections.flatMap((s) => {
      const page = s.page as CmsPage;
      const index = seen.get(page) ?? 0;
      seen.set(page, index + 1);
      const heading = GROUP_HEADINGS[sectionRole(page, index).replace(/ \d+$/, "")];
      if (heading) {
        const group = groups.get(`${page}|${heading}`) ?? { page, heading, names: [] };
        group.names.push(s.title);
        groups.set(`${page}|${heading}`, group);
      }
      if (!s.content.trim()) return [];
      return [
        {
          sourceId: page,
          title: `${PAGE_TITLES[page]}: ${heading ? `${heading}: ` : ""}${s.title}`,
          url: CMS_PAGE_PATHS[page],
          body: s.content,
          requiredLevel: null,
        },
      ];
    });
    // Each group also as a whole ("Our values are Inclusivity, ..."), for a question about all of them.
    const list = (names: string[]) =>
      names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
    const summaries = [...groups.values()].map(({ page, heading, names }) => ({
      sourceId: page,
      title: `${PAGE_TITLES[page]}: ${heading}`,
      url: CMS_PAGE_PATHS[page],
      body: `${GROUP_LEADS[heading]} ${list(names)}.`,
      requiredLevel: null,
    }));
    return [...passages, ...summaries];
  },
};
