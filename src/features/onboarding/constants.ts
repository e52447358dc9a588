/**
 * A new member's first steps, each ticked by doing it (src/server/onboarding reads what she did), never
 * by a click on the checklist. Administrators choose which are shown and in which order.
 */
export const ONBOARDING_STEPS = ["photo-and-bio", "introduce", "reply", "rsvp", "start-here", "notifications"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_STEP_TEXT: Record<OnboardingStep, { label: string; hint: string; href: string }> = {
  "photo-and-bio": {
    label: "Add a photo and a bio",
    hint: "Members recognise a face; a few lines say what you make.",
    href: "/profile",
  },
  introduce: {
    label: "Introduce yourself",
    hint: "Start a topic in Introductions: who you are, what you make, what brought you here.",
    href: "/forum/introductions",
  },
  reply: { label: "Reply to someone", hint: "Welcome a newcomer or answer a question in the forum.", href: "/forum" },
  rsvp: { label: "RSVP to an event", hint: "Say you are going to a coming event.", href: "/events" },
  "start-here": {
    label: "Read the library's start-here guide",
    hint: "How the community works, and where everything is.",
    // The item administrators chose (the site setting `startHereItemId`); the library when none is.
    href: "/library",
  },
  notifications: {
    label: "Turn on notifications",
    hint: "Get replies and messages on this device, or by email at once.",
    href: "/notifications/settings",
  },
};

/**
 * The forum category new members introduce themselves in: made by a migration in every install, its
 * description the prompt; administrators may rename or archive it (archived, the step is not shown).
 */
export const INTRODUCTIONS_CATEGORY_SLUG = "introductions";

/** A member who has done none of her steps this long after joining gets one reminder (src/server/onboarding/emails.ts). */
export const REMINDER_AFTER_DAYS = 3;

/** Where a new member is with her first steps, as administrators see it (/admin/onboarding). */
export const ONBOARDING_STATUSES = ["finished", "in progress", "stuck", "never signed in"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
