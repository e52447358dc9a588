import type { LumaEntry } from "@/server/events/luma-mapping";

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

export async function setFakeLumaEntries(entries: LumaEntry[]): Promise<void> {
  await fetch(`${baseUrl()}/_fake/entries`, { method: "PUT", body: JSON.stringify({ entries }) });
}

export async function configureFakeLuma(config: { maxPageSize?: number; rateLimited?: number; retryAfterSeconds?: number; down?: boolean; listRequests?: number }) {
  await fetch(`${baseUrl()}/_fake/config`, { method: "POST", body: JSON.stringify(config) });
}

/** A Luma entry starting `inDays` from now. */
export function lumaEntry(apiId: string, inDays: number, overrides: Partial<LumaEntry["event"]> = {}, tags: string[] = []): LumaEntry {
  const start = new Date(Date.now() + inDays * 86_400_000);
  return {
    api_id: `calev-${apiId}`,
    event: {
      api_id: apiId,
      name: `Luma event ${apiId}`,
      description: "Synced from the fake Luma.",
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(),
      timezone: "America/New_York",
      geo_address_json: { address: "The Loft", full_address: "120 Wythe Ave, Brooklyn, NY 11249" },
      cover_url: null,
      url: `https://lu.ma/${apiId}`,
      visibility: "public",
      ...overrides,
    },
    tags: tags.map((name) => ({ api_id: `tag-${name}`, name })),
  };
}
