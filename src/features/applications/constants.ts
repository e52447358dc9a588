export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The application form's "How did you hear about us?" choices. */
export const HEARD_ABOUT_OPTIONS = [
  "A friend or member",
  "Instagram",
  "Facebook",
  "LinkedIn",
  "A community event",
  "Search engine",
  "Podcast or press",
  "Newsletter",
  "Other",
] as const;
