import type { CmsPage } from "./constants";

/**
 * How each public page places its sections: the first ones fill named slots in order, the rest are
 * rendered as `rest`. The editor labels every section with its role so an administrator sees where
 * a section will appear before saving.
 */
export const PAGE_LAYOUTS: Record<CmsPage, { slots: string[]; rest: string }> = {
  home: {
    slots: ["Hero", "Pillar 1", "Pillar 2", "Pillar 3", "Pillar 4", "About", "Join call-to-action"],
    rest: "Extra section (after the photo grid)",
  },
  about: { slots: ["Hero", "Who We Are", "Our Mission & Vision"], rest: "What We Do card" },
  membership: { slots: ["Hero", "Membership Benefits introduction"], rest: "Benefit card" },
  community: { slots: ["Hero", "Value 1", "Value 2", "Value 3", "Value 4", "How to Engage"], rest: "Extra section" },
};

export function sectionRole(page: CmsPage, index: number): string {
  const layout = PAGE_LAYOUTS[page];
  return layout.slots[index] ?? layout.rest;
}
