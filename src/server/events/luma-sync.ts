import "server-only";
import { and, eq, gte, inArray, not, sql } from "drizzle-orm";
import { db } from "@/db";
import { events } from "@/db/schema";
import { env } from "@/lib/env";
import { reindexSource } from "@/server/assistant/index-passages";
import { mapLumaEntry, type LumaEntry, type LumaPage, type MappedLumaEvent } from "./luma-mapping";

export const LUMA_LIST_PATH = "/v1/calendars/events/list";
const PAGE_SIZE = 50;
/** Events that started more than this long ago are neither fetched nor cancelled when missing. */
const LOOKBACK_DAYS = 30;

export interface LumaSyncOptions {
  apiKey?: string;
  baseUrl?: string;
  /** Attempts per page before the sync gives up (429 and 5xx are retried). */
  maxAttempts?: number;
  /** First backoff when Luma gives no Retry-After; doubles each try, capped at 30 s. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface LumaSyncResult {
  fetched: number;
  upserted: number;
  cancelled: number;
  requests: number;
}

export class LumaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LumaUnavailableError";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryDelay(response: Response | null, attempt: number, baseDelayMs: number): number {
  const header = response?.headers.get("retry-after");
  const seconds = header ? Number(header) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 60_000);
  return Math.min(baseDelayMs * 2 ** attempt, 30_000);
}

/** Every entry of the calendar from LOOKBACK_DAYS ago on, following next_cursor, retrying 429 and 5xx. */
export async function fetchLumaEntries(options: Required<Omit<LumaSyncOptions, "apiKey">> & { apiKey: string }, after: Date) {
  const entries: LumaEntry[] = [];
  let cursor: string | null | undefined;
  let requests = 0;
  do {
    const url = new URL(LUMA_LIST_PATH, options.baseUrl);
    url.searchParams.set("pagination_limit", String(PAGE_SIZE));
    url.searchParams.set("after", after.toISOString());
    if (cursor) url.searchParams.set("pagination_cursor", cursor);
    let page: LumaPage | undefined;
    for (let attempt = 0; !page; attempt++) {
      requests++;
      let response: Response | null = null;
      let problem: string;
      try {
        response = await fetch(url, { headers: { "x-luma-api-key": options.apiKey, accept: "application/json" }, signal: AbortSignal.timeout(15_000) });
        if (response.ok) {
          page = (await response.json()) as LumaPage;
          break;
        }
        problem = `Luma answered ${response.status}`;
        if (response.status !== 429 && response.status < 500) throw new LumaUnavailableError(problem);
      } catch (error) {
        if (error instanceof LumaUnavailableError) throw error;
        problem = `Luma could not be reached: ${error instanceof Error ? error.message : error}`;
      }
      if (attempt + 1 >= options.maxAttempts) throw new LumaUnavailableError(problem);
      await options.sleep(retryDelay(response, attempt, options.baseDelayMs));
    }
    if (!Array.isArray(page.entries)) throw new LumaUnavailableError("Luma sent a page without entries");
    entries.push(...page.entries);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor);
  return { entries, requests };
}

/**
 * Pulls the calendar's events from Luma into our events table. Only after every page has arrived
 * does it write: new and changed events are upserted, and events that disappeared from Luma are
 * marked cancelled (never deleted). If Luma fails, nothing is written and the last good data stays.
 */
export async function syncLumaEvents(options: LumaSyncOptions = {}): Promise<LumaSyncResult | null> {
  const apiKey = options.apiKey ?? env().LUMA_API_KEY;
  if (!apiKey) return null;
  const settings = {
    apiKey,
    baseUrl: options.baseUrl ?? env().LUMA_API_BASE_URL,
    maxAttempts: options.maxAttempts ?? 5,
    baseDelayMs: options.baseDelayMs ?? 1000,
    sleep: options.sleep ?? defaultSleep,
  };
  const after = new Date(Date.now() - LOOKBACK_DAYS * 86_400_000);
  const { entries, requests } = await fetchLumaEntries(settings, after);
  const mapped = new Map<string, MappedLumaEvent>();
  for (const entry of entries) {
    const event = mapLumaEntry(entry);
    if (event) mapped.set(event.externalId, event);
  }
  const rows = [...mapped.values()];
  const now = new Date();

  return db.transaction(async (tx) => {
    const changed: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200).map((row) => ({ ...row, source: "luma", status: "scheduled", lastSyncedAt: now }));
      const upserted = await tx
        .insert(events)
        .values(chunk)
        .onConflictDoUpdate({
          target: [events.source, events.externalId],
          targetWhere: sql`external_id is not null`,
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            imageUrl: sql`excluded.image_url`,
            startsAt: sql`excluded.starts_at`,
            endsAt: sql`excluded.ends_at`,
            timezone: sql`excluded.timezone`,
            locationName: sql`excluded.location_name`,
            address: sql`excluded.address`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            onlineUrl: sql`excluded.online_url`,
            url: sql`excluded.url`,
            featured: sql`excluded.featured`,
            accessType: sql`excluded.access_type`,
            type: sql`excluded.type`,
            status: sql`'scheduled'`,
            lastSyncedAt: sql`excluded.last_synced_at`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: events.id });
      changed.push(...upserted.map((row) => row.id));
    }
    const gone = await tx
      .update(events)
      .set({ status: "cancelled", lastSyncedAt: now, updatedAt: sql`now()` })
      .where(
        and(
          eq(events.source, "luma"),
          eq(events.status, "scheduled"),
          gte(events.startsAt, after),
          rows.length ? not(inArray(events.externalId, rows.map((row) => row.externalId))) : undefined,
        ),
      )
      .returning({ id: events.id });
    await reindexSource("event", [...changed, ...gone.map((row) => row.id)], tx);
    return { fetched: entries.length, upserted: rows.length, cancelled: gone.length, requests };
  });
}
