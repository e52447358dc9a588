import { EVENT_TYPES } from "@/db/schema/enums";
import type { EventType } from "./schemas";

// The wire format of Luma's public API (GET /v1/calendars/events/list), the parts we read.

export interface LumaGeoAddress {
  address?: string | null;
  full_address?: string | null;
  description?: string | null;
  city?: string | null;
}

export interface LumaEvent {
  api_id: string;
  name: string;
  description?: string | null;
  description_md?: string | null;
  start_at: string;
  end_at?: string | null;
  timezone: string;
  geo_address_json?: LumaGeoAddress | null;
  geo_latitude?: string | number | null;
  geo_longitude?: string | number | null;
  cover_url?: string | null;
  url?: string | null;
  meeting_url?: string | null;
  visibility?: string | null;
}

export interface LumaEntry {
  api_id: string;
  event: LumaEvent;
  tags?: Array<{ api_id?: string; name: string }> | null;
}

export interface LumaPage {
  entries: LumaEntry[];
  has_more: boolean;
  next_cursor?: string | null;
}

/** The columns of our events row that come from Luma. */
export interface MappedLumaEvent {
  externalId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  startsAt: Date;
  endsAt: Date | null;
  timezone: string;
  locationName: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  onlineUrl: string | null;
  url: string | null;
  featured: boolean;
  accessType: "public" | "members";
  type: EventType;
}

const TAG_TYPES: Record<string, EventType> = { workshops: "workshop", socials: "social", member: "members", "members-only": "members" };

function typeFromTags(tags: string[], accessType: "public" | "members"): EventType {
  for (const tag of tags) {
    if ((EVENT_TYPES as readonly string[]).includes(tag)) return tag as EventType;
    if (TAG_TYPES[tag]) return TAG_TYPES[tag];
  }
  return accessType === "members" ? "members" : "public";
}

const number = (value: string | number | null | undefined) => {
  const n = typeof value === "number" ? value : value ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

const isValidZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const httpUrl = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : null);

/**
 * One Luma entry as our event, or null for what we must not list (private events, or entries
 * without a usable start). Visibility members-only becomes a members event; tags give the type
 * (and a "featured" tag features it).
 */
export function mapLumaEntry(entry: LumaEntry): MappedLumaEvent | null {
  const event = entry.event;
  if (!event?.api_id || !event.name || event.visibility === "private") return null;
  const startsAt = new Date(event.start_at);
  if (Number.isNaN(startsAt.getTime())) return null;
  const endsAt = event.end_at ? new Date(event.end_at) : null;
  const tags = (entry.tags ?? []).map((tag) => tag.name.trim().toLowerCase());
  const accessType = event.visibility === "members-only" ? "members" : "public";
  const geo = event.geo_address_json ?? null;
  const onlineUrl = httpUrl(event.meeting_url);
  return {
    externalId: event.api_id,
    title: event.name.trim(),
    description: (event.description ?? event.description_md ?? "").trim(),
    imageUrl: httpUrl(event.cover_url),
    startsAt,
    endsAt: endsAt && !Number.isNaN(endsAt.getTime()) && endsAt > startsAt ? endsAt : null,
    timezone: isValidZone(event.timezone) ? event.timezone : "UTC",
    locationName: geo?.address?.trim() || geo?.description?.trim() || (onlineUrl ? "Online" : null),
    address: geo?.full_address?.trim() || null,
    latitude: number(event.geo_latitude),
    longitude: number(event.geo_longitude),
    onlineUrl,
    url: httpUrl(event.url),
    featured: tags.includes("featured"),
    accessType,
    type: typeFromTags(tags, accessType),
  };
}
