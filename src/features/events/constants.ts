export const EVENT_SOURCES = ["luma", "internal"] as const;
export const EVENT_ACCESS_TYPES = ["public", "members"] as const;
export const EVENT_TYPES = ["public", "members", "workshop", "social"] as const;
export const EVENT_STATUSES = ["scheduled", "cancelled"] as const;
export const LUMA_SYNC_STATUSES = ["succeeded", "failed"] as const;
export const RSVP_STATUSES = ["going", "cancelled"] as const;

// Constants the browser needs without zod (the event listing is on every public events page).

/**
 * The filter buttons of the event listing, in order. "Member Events" is the events
 * page's tab of the event host's events, so the buttons for who may come say what the
 * cards' badges say ('Open to All', 'Members Only') and choose by that, the event's access;
 * Workshops and Social choose by the event's type (docs/decisions/034-finding-your-way.md).
 */
export const EVENT_FILTERS = [
  { value: "all", label: "All Events" },
  { value: "public", label: "Open to All" },
  { value: "members", label: "Members Only" },
  { value: "workshop", label: "Workshops" },
  { value: "social", label: "Social" },
] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number]["value"];
export type EventType = (typeof EVENT_TYPES)[number];
export type EventAccessType = (typeof EVENT_ACCESS_TYPES)[number];

/** Default event limit 10; the member-events tab asks for 50. */
export const DEFAULT_EVENT_LIMIT = 10;
export const MAX_EVENT_LIMIT = 50;
/** The most events one calendar month shows. */
export const MONTH_EVENT_LIMIT = 300;

/** The events page's "Want to Book a Private Event?" list, also indexed for the assistant. */
export const PRIVATE_EVENT_KINDS = [
  "Team building workshops",
  "Corporate retreats",
  "Celebratory gatherings",
  "Wellness experiences",
];

/** The kinds of private event the "Request Event Info" form offers. */
export const PRIVATE_EVENT_TYPES = [
  "Team building workshop",
  "Corporate retreat",
  "Celebratory gathering",
  "Wellness experience",
  "Something else",
] as const;

/** The query of an event's join link on its page (the RSVP panel asks it again after she answers). */
export const joinLinkQueryKey = (eventId: number) => ["events", eventId, "join-link"] as const;
