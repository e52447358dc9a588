// Value sets shared by the schema's CHECK constraints and the zod schemas of the features.

export const TIER_IDS = ["connect", "create", "empower", "play"] as const;
export type TierId = (typeof TIER_IDS)[number];

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** authorized = card held, completed = captured or paid, canceled = hold released. */
export const PAYMENT_STATUSES = ["pending", "authorized", "completed", "failed", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** payment = the first month, renewal = a monthly invoice, upgrade = the prorated charge of a tier change. */
export const PAYMENT_KINDS = ["payment", "renewal", "upgrade", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** The kinds that take money (a refund gives it back). */
/** Also in activity_daily_contribution (migration 0027): a new kind that charges needs a migration there too. */
export const CHARGE_KINDS = ["payment", "renewal", "upgrade"] as const satisfies readonly PaymentKind[];
export const PAYMENT_METHODS = ["card", "manual", "trial"] as const;

/** A membership's billing state (issue 15): past_due keeps access for 14 days, canceled has ended. */
export const MEMBERSHIP_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** card = a Stripe subscription, manual = bank transfer with a renewal reminder, trial = no card yet. */
export const BILLING_METHODS = ["card", "manual", "trial"] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

export const CMS_PAGES = ["home", "about", "membership", "community"] as const;
export type CmsPage = (typeof CMS_PAGES)[number];

export const EVENT_SOURCES = ["luma", "internal"] as const;
export const EVENT_ACCESS_TYPES = ["public", "members"] as const;
export const EVENT_TYPES = ["public", "members", "workshop", "social"] as const;
export const EVENT_STATUSES = ["scheduled", "cancelled"] as const;
export const LUMA_SYNC_STATUSES = ["succeeded", "failed"] as const;
export const RSVP_STATUSES = ["going", "cancelled"] as const;

export const REACTION_TYPES = ["like", "heart", "smile"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const FORUM_POST_STATUSES = ["visible", "hidden", "removed"] as const;

export const CONTENT_TYPES = ["article", "video", "pdf", "external"] as const;
/** scheduled: published by the library.publish job at publishedAt. */
export const CONTENT_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
export const BLOG_STATUSES = ["draft", "published"] as const;

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const MENTORSHIP_STATUSES = ["pending", "accepted", "declined"] as const;
/** pending until 30 days after the payment cleared, then eligible; paid in a payout run; cancelled by a refund first. */
export const COMMISSION_STATUSES = ["pending", "eligible", "paid", "cancelled"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
/** Who sees a profile field a member may hide: other members, or nobody but her (and admins). */
export const PROFILE_VISIBILITIES = ["members", "nobody"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const CHAT_ROLES = ["user", "assistant"] as const;
export const CONTACT_SOURCES = ["faq", "contact"] as const;

/** What an uploaded file is for; each has its own accepted types and size (src/server/storage/kinds.ts). */
export const FILE_PURPOSES = ["avatar", "library-image", "library-pdf", "library-video"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const FILE_ACCESS = ["members", "uploader", "gated"] as const;
export type FileAccess = (typeof FILE_ACCESS)[number];
