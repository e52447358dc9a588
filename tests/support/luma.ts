import type { LumaEntry, LumaEventEntry } from "@/server/events/luma-mapping";
import { lumaEventEntry, type LumaEntryInput } from "../fakes/luma-entries";

/** Steers the fake Luma server (tests/fakes/luma.ts) that the test run started. */
function baseUrl(): string {
  const url = process.env.LUMA_API_BASE_URL;
  if (!url) throw new Error("LUMA_API_BASE_URL is not set: run the tests through `npm test`.");
  return url;
}

export const fakeLumaKey = () => process.env.FAKE_LUMA_API_KEY ?? "";

export async function resetFakeLuma(): Promise<void> {
  await fetch(`${baseUrl()}/_fake/reset`, { method: "POST" });
}

export async function fakeLumaState(): Promise<{ entries: LumaEntry[]; listRequests: number }> {
  return (await (await fetch(`${baseUrl()}/_fake/state`)).json()) as { entries: LumaEntry[]; listRequests: number };
}

export async function setFakeLumaEntries(entries: unknown[]): Promise<void> {
  await fetch(`${baseUrl()}/_fake/entries`, { method: "PUT", body: JSON.stringify({ entries }) });
}

export async function configureFakeLuma(config: {
  maxPageSize?: number;
  rateLimited?: number;
  retryAfterSeconds?: number;
  down?: boolean;
  listRequests?: number;
}) {
  await fetch(`${baseUrl()}/_fake/config`, { method: "POST", body: JSON.stringify(config) });
}

/** A Luma entry in today's shape (tests/fakes/luma-entries.ts) starting `inDays` from now, at The Loft. */
export function lumaEntry(id: string, inDays: number, overrides: Partial<LumaEntryInput> = {}): LumaEventEntry {
  const startAt = new Date(Date.now() + inDays * 86_400_000);
  return lumaEventEntry({
    id,
    name: `Luma event ${id}`,
    description: "Synced from the fake Luma.",
    startAt,
    endAt: new Date(startAt.getTime() + 2 * 3600_000),
    timezone: "America/New_York",
    venue: {
      address: "The Loft",
      city: "Brooklyn",
      region: "New York",
      country: "United States",
      fullAddress: "120 Wythe Ave, Brooklyn, NY 11249, USA",
    },
    coordinate: { latitude: 40.7216, longitude: -73.9577 },
    url: `https://luma.com/${id}`,
    ...overrides,
  });
}
