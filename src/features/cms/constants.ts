export const CMS_PAGES = ["home", "about", "membership", "community"] as const;
export type CmsPage = (typeof CMS_PAGES)[number];
