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
    href: "/library/item/welcome-to-the-library",
  },
  notifications: {
    label: "Turn on notifications",
    hint: "Get replies and messages on this device, or by email at once.",
    href: "/notifications/settings",
  },
};

/** The forum category new members introduce themselves in (made by the seed, kept by administrators). */
export const INTRODUCTIONS_CATEGORY_SLUG = "introductions";
/** The library item the start-here step opens (administrators keep their guide at this address). */
export const START_HERE_ITEM_SLUG = "welcome-to-the-library";
