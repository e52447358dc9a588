import "server-only";
import { blogProvider } from "./blog";
import { eventProvider } from "./events";
import { faqProvider } from "./faq";
import { forumProvider } from "./forum";
import { libraryProvider } from "./library";
import { pageProvider } from "./pages";
import { sectionProvider } from "./sections";
import { tierProvider } from "./tiers";
import type { PassageProvider } from "./types";

/**
 * Every kind of content the assistant answers from. Adding one is a
 * provider file and a line here, plus a reindexSource(kind, id) call in its save path.
 */
export const PASSAGE_PROVIDERS = {
  faq: faqProvider,
  tier: tierProvider,
  page: pageProvider,
  section: sectionProvider,
  event: eventProvider,
  blog: blogProvider,
  forum: forumProvider,
  library: libraryProvider,
} satisfies Record<string, PassageProvider>;

export type SourceKind = keyof typeof PASSAGE_PROVIDERS;
