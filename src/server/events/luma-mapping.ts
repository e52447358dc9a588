import "server-only";
import { EVENT_TYPES } from "@/features/events/constants";
import type { EventType } from "@/features/events/schemas";

// The wire format of Luma's public API, GET /v1/calendars/events/list (https://public-api.luma.com,
// OpenAPI 3.1 at /openapi.json): {entries, has_more, next_cursor}, each entry the event itself, flat,
// with its tags. Entries are either Luma's own events (platform "luma") or events of other platforms
// listed on the calendar (platform "external"). The older API nested the event under `event` with
// `api_id` and `geo_latitude`/`geo_longitude`; calendars answered in that shape keep working.

export interface LumaGeoAddress {
  address?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  city_state?: string | null;
  full_address?: string | null;
  description?: string | null;
  google_maps_place_id?: string | null;
  apple_maps_place_id?: string | null;
}

export interface LumaTag {
  id?: string;
  api_id?: string;
  name: string;
}

/** An entry as Luma answers it today. */
export interface LumaEventEntry {
  platform: "luma" | "external";
  id: string;
  calendar_id?: string;
  user_id?: string;
  name: string;
  start_at: string;
  end_at?: string | null;
  duration_interval?: string;
  created_at?: string;
  timezone: string;
  description?: string | null;
  description_md?: string | null;
  geo_address_json?: LumaGeoAddress | null;
  coordinate?: { latitude: number; longitude: number } | null;
  meeting_url?: string | null;
  location_type?: string;
  location_visibility?: string;
  cover_url?: string | null;
  url?: string | null;
  visibility?: "public" | "members-only" | "private";
  host?: string | null;
  tags?: LumaTag[] | null;
}

/** An entry in the older nested shape. */
export interface LegacyLumaEntry {
  api_id: string;
  event: {
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
  };
  tags?: LumaTag[] | null;
}

export type LumaEntry = LumaEventEntry | LegacyLumaEntry;

export interface LumaPage {
  entries: unknown[];
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

/** What became of one entry: an event to list, one Luma says not to list, or one we cannot read. */
export type LumaEntryOutcome = { kind: "event"; event: MappedLumaEvent } | { kind: "skipped" } | { kind: "unreadable" };

const TAG_TYPES: Record<string, EventType> = {
  workshops: "workshop",
  socials: "social",
  member: "members",
  "members-only": "members",
};

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

const isValidZone = (zone: unknown): zone is string => {
  if (typeof zone !== "string" || !zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const httpUrl = (value: unknown) => (typeof value === "string" && /^https?:\/\//i.test(value) ? value : null);
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields both shapes share, read from wherever the shape keeps them. */
interface Fields {
  id: unknown;
  name: unknown;
  startAt: unknown;
  endAt: unknown;
  timezone: unknown;
  description: unknown;
  descriptionMd: unknown;
  geo: LumaGeoAddress | null;
  latitude: number | null;
  longitude: number | null;
  meetingUrl: unknown;
  locationType: unknown;
  coverUrl: unknown;
  url: unknown;
  visibility: unknown;
  host: unknown;
  tags: unknown;
}

function readFields(entry: unknown): Fields | null {
  if (!isObject(entry)) return null;
  if (isObject(entry.event) && !("platform" in entry)) {
    const event = entry.event as LegacyLumaEntry["event"];
    return {
      id: event.api_id,
      name: event.name,
      startAt: event.start_at,
      endAt: event.end_at,
      timezone: event.timezone,
      description: event.description,
      descriptionMd: event.description_md,
      geo: isObject(event.geo_address_json) ? event.geo_address_json : null,
      latitude: number(event.geo_latitude),
      longitude: number(event.geo_longitude),
      meetingUrl: event.meeting_url,
      locationType: undefined,
      coverUrl: event.cover_url,
      url: event.url,
      visibility: event.visibility,
      host: undefined,
      tags: entry.tags,
    };
  }
  if (entry.platform !== "luma" && entry.platform !== "external") return null;
  const event = entry as unknown as LumaEventEntry;
  const coordinate = isObject(event.coordinate) ? event.coordinate : null;
  return {
    id: event.id,
    name: event.name,
    startAt: event.start_at,
    endAt: event.end_at,
    timezone: event.timezone,
    description: event.description,
    descriptionMd: event.description_md,
    geo: isObject(event.geo_address_json) ? event.geo_address_json : null,
    latitude: number(coordinate?.latitude),
    longitude: number(coordinate?.longitude),
    meetingUrl: event.meeting_url,
    locationType: event.location_type,
    coverUrl: event.cover_url,
    url: event.url,
    visibility: event.platform === "external" ? "public" : event.visibility,
    host: event.host,
    tags: event.tags,
  };
}

function place(fields: Fields, onlineUrl: string | null) {
  const geo = fields.geo;
  const region = [text(geo?.city), text(geo?.region), text(geo?.country)].filter(Boolean).join(", ") || null;
  const online =
    onlineUrl !== null ||
    (typeof fields.locationType === "string" && !["offline", "missing"].includes(fields.locationType));
  const locationName =
    text(geo?.address) ?? text(geo?.description) ?? text(geo?.city_state) ?? (online ? "Online" : null);
  let address = text(geo?.full_address) ?? region;
  if (address && address === locationName) address = region !== locationName ? region : null;
  return { locationName, address };
}

/**
 * One Luma entry, in today's shape or the older one, as our event. Private events are skipped (not
 * ours to list); an entry without an id, a name and a valid start is unreadable, which the sync treats
 * as a failure rather than as an event that disappeared. Visibility members-only becomes a members
 * event; tags give the type (and a "featured" tag features it).
 */
export function mapLumaEntry(entry: unknown): LumaEntryOutcome {
  const fields = readFields(entry);
  if (!fields) return { kind: "unreadable" };
  const id = text(fields.id);
  const name = text(fields.name);
  const startsAt = typeof fields.startAt === "string" ? new Date(fields.startAt) : new Date(NaN);
  if (!id || !name || Number.isNaN(startsAt.getTime())) return { kind: "unreadable" };
  if (fields.visibility === "private") return { kind: "skipped" };

  const endsAt = typeof fields.endAt === "string" ? new Date(fields.endAt) : null;
  const tags = (Array.isArray(fields.tags) ? fields.tags : [])
    .map((tag) => (isObject(tag) ? text(tag.name)?.toLowerCase() : null))
    .filter((tag): tag is string => Boolean(tag));
  const accessType = fields.visibility === "members-only" ? "members" : "public";
  const onlineUrl = httpUrl(fields.meetingUrl);
  const description =
    text(fields.description) ??
    text(fields.descriptionMd) ??
    (text(fields.host) ? `Hosted by ${text(fields.host)}.` : "");
  return {
    kind: "event",
    event: {
      externalId: id,
      title: name,
      description,
      imageUrl: httpUrl(fields.coverUrl),
      startsAt,
      endsAt: endsAt && !Number.isNaN(endsAt.getTime()) && endsAt > startsAt ? endsAt : null,
      timezone: isValidZone(fields.timezone) ? fields.timezone : "UTC",
      ...place(fields, onlineUrl),
      latitude: fields.latitude,
      longitude: fields.longitude,
      onlineUrl,
      url: httpUrl(fields.url),
      featured: tags.includes("featured"),
      accessType,
      type: typeFromTags(tags, accessType),
    },
  };
}
