import type { LumaEventEntry, LumaGeoAddress } from "@/server/events/luma-mapping";

// Entries exactly as Luma's public API answers GET /v1/calendars/events/list today: the response
// schema of that path in the OpenAPI 3.1 document at https://public-api.luma.com/openapi.json
// (reference: https://docs.luma.com/reference/get_v1-calendars-events-list). Every property the
// schema marks required is present, with null where it allows null.

export interface LumaEntryInput {
  id: string;
  name: string;
  startAt: Date;
  endAt: Date;
  timezone: string;
  description?: string;
  venue?: {
    address: string;
    city?: string | null;
    region?: string | null;
    country?: string | null;
    fullAddress?: string | null;
  } | null;
  coordinate?: { latitude: number; longitude: number } | null;
  meetingUrl?: string | null;
  coverUrl?: string;
  url?: string;
  visibility?: "public" | "members-only" | "private";
  tags?: string[];
}

function durationInterval(ms: number) {
  const minutes = Math.round(ms / 60_000);
  return `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;
}

function geoAddress(
  venue: NonNullable<LumaEntryInput["venue"]>,
): Required<{ [K in keyof LumaGeoAddress]: string | null }> {
  const cityState = [venue.city, venue.region].filter(Boolean).join(", ") || null;
  return {
    address: venue.address,
    city: venue.city ?? null,
    region: venue.region ?? null,
    country: venue.country ?? null,
    city_state: cityState,
    full_address: venue.fullAddress ?? null,
    google_maps_place_id: null,
    apple_maps_place_id: null,
    description: null,
  };
}

/** A Luma-platform entry ("platform": "luma") in today's shape. */
export function lumaEventEntry(input: LumaEntryInput): LumaEventEntry {
  const description = input.description ?? "";
  return {
    platform: "luma",
    id: input.id,
    user_id: "usr-fakehost",
    calendar_id: "cal-fakecalendar",
    start_at: input.startAt.toISOString(),
    duration_interval: durationInterval(input.endAt.getTime() - input.startAt.getTime()),
    end_at: input.endAt.toISOString(),
    created_at: new Date(input.startAt.getTime() - 30 * 86_400_000).toISOString(),
    timezone: input.timezone,
    name: input.name,
    description,
    description_md: description,
    geo_address_json: input.venue ? geoAddress(input.venue) : null,
    coordinate: input.coordinate ?? null,
    meeting_url: input.meetingUrl ?? null,
    location_type: input.venue ? "offline" : input.meetingUrl ? "zoom" : "missing",
    location_visibility: "public",
    cover_url: input.coverUrl ?? "https://images.lumacdn.com/event-covers/default.png",
    url: input.url ?? `https://luma.com/${input.id.replace(/^evt-/, "")}`,
    visibility: input.visibility ?? "public",
    tags: (input.tags ?? []).map((name) => ({ id: `tag-${name}`, name })),
    ...({ registration_questions: [], waitlist_status: "disabled", feedback_email: { enabled: false } } as object),
  };
}
