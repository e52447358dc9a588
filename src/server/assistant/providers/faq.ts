import "server-only";
import { faqItems } from "@/server/public-site";
import { getSiteSettings } from "@/server/settings";
import type { PassageProvider } from "./types";

/** The 12 questions of /faq, one passage each (their text follows the site settings). */
export const faqProvider: PassageProvider = {
  async load() {
    const items = faqItems(await getSiteSettings());
    return items.map((item, index) => ({
      sourceId: String(index + 1),
      title: `FAQ: ${item.question}`,
      url: "/faq",
      body: item.answer,
      requiredLevel: null,
    }));
  },
};
