export const CONTACT_SOURCES = ["faq", "contact"] as const;
