import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, gte, inArray, not, sql } from "drizzle-orm";
import { db } from "@/db";
import { events, lumaSyncRuns } from "@/db/schema";
import { env } from "@/lib/env";
import { contentSaved } from "@/server/jobs/content-saved";
import { expireEventPages } from "./pages";
import { mapLumaEntry, type LumaPage, type MappedLumaEvent } from "./luma-mapping";
import type { LumaSyncRun } from "@/features/events/types";

export const LUMA_LIST_PATH = "/v1/calendars/events/list";
const PAGE_SIZE = 50;
/** Events that started more than this long ago are neither fetched nor cancelled when missing. */
const LOOKBACK_DAYS = 30;
/** What a sync writes of an event: a row whose values are all the same is left alone. */
const SYNCED_COLUMNS = [
  "title",
  "description",
  "image_url",
  "starts_at",
  "ends_at",
  "timezone",
  "location_name",
  "address",
  "latitude",
  "longitude",
  "online_url",
  "url",
  "featured",
  "access_type",
  "type",
  "status",
];

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
  /** Private events, which are not ours to list. */
  skipped: number;
  requests: number;
  /** Events this sync added, changed or cancelled. */
  changedIds: number[];
}

export class LumaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LumaUnavailableError";
  }
}

/** Luma answered, but with entries this version cannot read: nothing is written, so nothing is wrongly cancelled. */
export class LumaShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LumaShapeError";
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
export async function fetchLumaEntries(
  options: Required<Omit<LumaSyncOptions, "apiKey">> & { apiKey: string },
  after: Date,
) {
  const entries: unknown[] = [];
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
        response = await fetch(url, {
          headers: { "x-luma-api-key": options.apiKey, accept: "application/json" },
          signal: AbortSignal.timeout(15_000),
        });
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
async function pullLumaEvents(options: LumaSyncOptions): Promise<LumaSyncResult | null> {
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
  let skipped = 0;
  let unreadable = 0;
  for (const entry of entries) {
    const outcome = mapLumaEntry(entry);
    if (outcome.kind === "event") mapped.set(outcome.event.externalId, outcome.event);
    else if (outcome.kind === "skipped") skipped++;
    else unreadable++;
  }
  if (unreadable > 0) {
    const sample = JSON.stringify(entries.find((entry) => mapLumaEntry(entry).kind === "unreadable")).slice(0, 300);
    throw new LumaShapeError(
      `Luma sent ${unreadable} of ${entries.length} entries in a shape this version cannot read; nothing was changed. First one: ${sample}`,
    );
  }
  const rows = [...mapped.values()];
  const now = new Date();

  return db.transaction(async (tx) => {
    const changed: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows
        .slice(i, i + 200)
        .map((row) => ({ ...row, source: "luma", status: "scheduled", lastSyncedAt: now }));
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
          // Only events Luma changed are written (and so reindexed, and their pages expired).
          setWhere: sql`(${sql.raw(SYNCED_COLUMNS.map((column) => `events.${column}`).join(", "))}) is distinct from (${sql.raw(SYNCED_COLUMNS.map((column) => `excluded.${column}`).join(", "))})`,
        })
        .returning({ id: events.id });
      changed.push(...upserted.map((row) => row.id));
    }
    if (rows.length) {
      await tx
        .update(events)
        .set({ lastSyncedAt: now })
        .where(
          and(
            eq(events.source, "luma"),
            inArray(
              events.externalId,
              rows.map((row) => row.externalId),
            ),
          ),
        );
    }
    const gone = await tx
      .update(events)
      .set({ status: "cancelled", lastSyncedAt: now, updatedAt: sql`now()` })
      .where(
        and(
          eq(events.source, "luma"),
          eq(events.status, "scheduled"),
          gte(events.startsAt, after),
          rows.length
            ? not(
                inArray(
                  events.externalId,
                  rows.map((row) => row.externalId),
                ),
              )
            : undefined,
        ),
      )
      .returning({ id: events.id });
    const changedIds = [...changed, ...gone.map((row) => row.id)];
    await contentSaved("event", tx, changedIds);
    return { fetched: entries.length, upserted: rows.length, cancelled: gone.length, skipped, requests, changedIds };
  });
}

/**
 * One sync, recorded in luma_sync_runs whatever its outcome (admins see the last one on the events
 * page) and logged; a failure is rethrown for the job's own logging.
 */
export async function syncLumaEvents(options: LumaSyncOptions = {}): Promise<LumaSyncResult | null> {
  const startedAt = new Date();
  try {
    const result = await pullLumaEvents(options);
    if (result) {
      await db.insert(lumaSyncRuns).values({
        startedAt,
        status: "succeeded",
        fetched: result.fetched,
        upserted: result.upserted,
        cancelled: result.cancelled,
        skipped: result.skipped,
      });
      console.log(
        `[luma] synced ${result.upserted} events, ${result.cancelled} cancelled, ${result.skipped} private skipped, ${result.requests} requests`,
      );
      // The home page and /events prerender Luma events, and each event has its page.
      if (result.changedIds.length) {
        await expireEventPages(result.changedIds, { home: true }).catch((error) =>
          console.error(
            "[luma] the event pages keep their events until their hourly revalidation:",
            error instanceof Error ? error.message : error,
          ),
        );
      }
    }
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[luma] sync failed; serving the last good events: ${message}`);
    await db
      .insert(lumaSyncRuns)
      .values({ startedAt, status: "failed", message: message.slice(0, 1000) })
      .catch(() => undefined);
    throw error;
  }
}

/** The latest sync, and the latest that succeeded when the latest did not. */
export async function lumaSyncStatus(
  viewer: SessionUser,
): Promise<{ connected: boolean; last: LumaSyncRun | null; lastSuccess: LumaSyncRun | null }> {
  assertAccess(viewer, ADMIN);
  const connected = Boolean(env().LUMA_API_KEY);
  const [last] = await db.select().from(lumaSyncRuns).orderBy(desc(lumaSyncRuns.finishedAt)).limit(1);
  if (!last || last.status === "succeeded") return { connected, last: last ?? null, lastSuccess: last ?? null };
  const [lastSuccess] = await db
    .select()
    .from(lumaSyncRuns)
    .where(eq(lumaSyncRuns.status, "succeeded"))
    .orderBy(desc(lumaSyncRuns.finishedAt))
    .limit(1);
  return { connected, last, lastSuccess: lastSuccess ?? null };
}
