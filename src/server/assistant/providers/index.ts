import "server-only";
import { blogProvider } from "./blog";
import { eventProvider } from "./events";
import { faqProvider } from "./faq";
import { forumProvider } from "./forum";
import { libraryProvider } from "./library";
import { pageProvider } from "./pages";
import { sectionProvider } from "./sections";
import { tierProvider } from "./tiers";
import type { ContentKind } from "@/features/assistant/constants";
import type { PassageProvider } from "./types";

/**
 * Every kind of content the assistant answers from. Adding one is a
 * kind in CONTENT_KINDS, a provider file and a line here, plus a contentSaved(kind, ids) call in its
 * save paths (src/server/jobs/content-saved.ts).
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
} satisfies Record<ContentKind, PassageProvider>;

export type SourceKind = ContentKind;
