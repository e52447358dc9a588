import "server-only";
/** The admin page where the record an audit entry changed can be seen, by entity type. */
const ENTITY_PAGES: Record<string, (id: string | null, details: Record<string, unknown>) => string | null> = {
  user: (id) => (id ? `/admin/members/${id}` : "/admin/members"),
  application: (id) => (id ? `/admin/applications/${id}` : "/admin/applications"),
  payment_transaction: (id) => (id ? `/admin/payment-transactions/${id}` : "/admin/payment-transactions"),
  membership: (_id, details) => (typeof details.userId === "number" ? `/admin/members/${details.userId}` : null),
  event: (id) => (id ? `/admin/events/${id}` : "/admin/events"),
  course: (id) => (id ? `/admin/courses/${id}` : "/admin/courses"),
  content_item: (id) => (id ? `/admin/library/items/${id}` : "/admin/library"),
  content_category: () => "/admin/library/categories",
  content_tag: () => "/admin/library/tags",
  content_comment: () => "/admin/library",
  forum_category: () => "/admin/forum",
  forum_topic: () => "/admin/forum",
  forum_post: () => "/admin/forum",
  blog_post: () => "/admin/blog",
  content_sections: () => "/admin/content",
  site_settings: () => "/admin/settings",
  partner: () => "/admin/affiliates",
  affiliate_payout: () => "/admin/affiliates",
};

/** The entity types the audit log's filter offers (any other is still accepted by the API). */
export const AUDIT_ENTITY_TYPES = Object.keys(ENTITY_PAGES).sort();

export function auditEntityHref(
  entityType: string,
  entityId: string | null,
  details: Record<string, unknown>,
): string | null {
  const page = ENTITY_PAGES[entityType];
  return page ? page(entityId, details) : null;
}
