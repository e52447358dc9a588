// Next.js' incremental cache (prerendered and regenerated pages) in PostgreSQL, shared by every app
// instance (caches that must agree live in PostgreSQL). next.config.ts names this file;
// Next.js loads it at run time, outside the bundle, so it is plain JavaScript.
//
// - Entries are kept per build (another build's HTML names other script files).
// - revalidatePath/revalidateTag record the tag's time in next_cache_tags; an entry whose tags were
//   invalidated after it was made is a miss on every instance, so the page is rendered afresh.
// - While PostgreSQL cannot be reached, or takes longer than SLOW_READ_MS to answer, the last copy
//   this process saw is served from memory, so public pages stay up through a restart or a stall; never
//   to the proxy's refresh of a page just edited (src/lib/http/page-refresh.mjs), which would store it.
// - Every page is stored with its Content-Security-Policy: the hashes of the scripts in its HTML
//   (src/lib/http/script-hashes.mjs, decision 033), which Next.js sends with the page on every instance.
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { deserialize, serialize } from "node:v8";
import { createPool } from "./src/db/pool.mjs";
import { isPageRefresh } from "./src/lib/http/page-refresh.mjs";
import { attachScriptPolicy, hasScriptPolicy, staticFileReader } from "./src/lib/http/script-hashes.mjs";

const TAGS_HEADER = "x-next-cache-tags";
const FALLBACK_ENTRIES = 500;
/** A read slower than this serves the copy in memory; the read, when it ends, refreshes that copy. */
export const SLOW_READ_MS = 300;

const shared = (globalThis.__communityPageCache ??= { pool: null, fallback: new Map(), staticFiles: new Map() });
const dev = process.env.NODE_ENV === "development";

function pool() {
  if (!shared.pool && process.env.DATABASE_URL) {
    shared.pool = createPool({ connectionString: process.env.DATABASE_URL, max: 4, profile: "pageCache" });
    shared.pool.on("error", (error) => console.error("[page-cache] idle connection lost:", error.message));
  }
  return shared.pool;
}

function remember(key, entry) {
  shared.fallback.delete(key);
  shared.fallback.set(key, entry);
  if (shared.fallback.size > FALLBACK_ENTRIES) shared.fallback.delete(shared.fallback.keys().next().value);
}

function tagsOf(value, ctx) {
  if (!value) return [];
  if (value.kind === "FETCH") return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  const header = value.headers?.[TAGS_HEADER];
  return typeof header === "string" && header ? header.split(",") : [];
}

export default class PostgresCacheHandler {
  constructor(ctx) {
    this.buildId = readBuildId(ctx.serverDistDir);
    const distDir = distDirOf(ctx.serverDistDir);
    if (!shared.staticFiles.has(distDir)) shared.staticFiles.set(distDir, staticFileReader(distDir));
    this.hashOfFile = shared.staticFiles.get(distDir);
    if (!shared.cleaned) {
      // Once a process: entries of older builds nobody has served for a day are dropped.
      shared.cleaned = true;
      pool()
        ?.query("delete from next_cache_entries where build_id <> $1 and updated_at < now() - interval '1 day'", [
          this.buildId,
        ])
        .catch(() => {});
    }
  }

  async get(key, ctx) {
    const db = pool();
    if (!db) return null;
    const memoryKey = `${this.buildId}:${key}`;
    let answered = false;
    const read = this.read(db, key, ctx, memoryKey).finally(() => (answered = true));
    // The proxy's refresh after an edit stores what it is given: it waits for PostgreSQL's answer, and
    // without one renders the page afresh.
    if (isPageRefresh()) return read.catch(() => null);
    const remembered = shared.fallback.get(memoryKey);
    const inMemory = (error) => {
      console.error(
        `[page-cache] ${error ? `read failed (${error.message})` : `no answer within ${SLOW_READ_MS} ms`}, serving what this instance last saw`,
      );
      return remembered ?? null;
    };
    if (!remembered) return read.catch(inMemory);
    // Node runs due timers before it reads sockets: after the event loop was busy (a render), an answer
    // that came in time may be waiting unread, so it is read (setImmediate comes after the reads) before
    // the copy in memory is taken for it.
    const slow = delay(SLOW_READ_MS)
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => (answered ? read : inMemory()));
    return Promise.race([read.catch(inMemory), slow]);
  }

  async read(db, key, ctx, memoryKey) {
    const { rows } = await db.query(
      `select value, last_modified, cache_control,
              exists (select 1 from next_cache_tags t where t.tag = any($3::text[]) and t.expired_at > e.last_modified) as expired
         from next_cache_entries e where build_id = $1 and key = $2`,
      [this.buildId, key, ctx?.softTags ?? []],
    );
    const row = rows[0];
    const entry = row && {
      lastModified: Number(row.last_modified),
      value: deserialize(row.value),
      cacheControl: row.cache_control ?? undefined,
    };
    // Every page is stored with its policy; one that somehow was not gets it here, never goes without.
    if (entry && !hasScriptPolicy(entry.value)) attachScriptPolicy(entry.value, this.hashOfFile, dev);
    if (!entry || row.expired || (await this.tagsExpired(db, tagsOf(entry.value, ctx), entry.lastModified))) {
      shared.fallback.delete(memoryKey);
      return null;
    }
    remember(memoryKey, entry);
    return entry;
  }

  async tagsExpired(db, tags, lastModified) {
    if (tags.length === 0) return false;
    const { rows } = await db.query(
      "select 1 from next_cache_tags where tag = any($1::text[]) and expired_at > $2 limit 1",
      [tags, lastModified],
    );
    return rows.length > 0;
  }

  async set(key, data, ctx) {
    attachScriptPolicy(data, this.hashOfFile, dev);
    const entry = { lastModified: Date.now(), value: data, cacheControl: ctx?.cacheControl };
    remember(`${this.buildId}:${key}`, entry);
    const db = pool();
    if (!db) return;
    try {
      await db.query(
        `insert into next_cache_entries (build_id, key, value, last_modified, cache_control, updated_at)
         values ($1, $2, $3, $4, $5, now())
         on conflict (build_id, key) do update set value = excluded.value, last_modified = excluded.last_modified,
           cache_control = excluded.cache_control, updated_at = now()`,
        [
          this.buildId,
          key,
          serialize(data),
          entry.lastModified,
          entry.cacheControl ? JSON.stringify(entry.cacheControl) : null,
        ],
      );
    } catch (error) {
      console.error("[page-cache] write failed:", error.message);
    }
  }

  async revalidateTag(tags) {
    const list = [...new Set((Array.isArray(tags) ? tags : [tags]).filter(Boolean))];
    if (list.length === 0) return;
    for (const [key, entry] of shared.fallback)
      if (tagsOf(entry.value).some((tag) => list.includes(tag))) shared.fallback.delete(key);
    const db = pool();
    if (!db) return;
    await db.query(
      `insert into next_cache_tags (tag, expired_at) select unnest($1::text[]), $2
       on conflict (tag) do update set expired_at = excluded.expired_at`,
      [list, Date.now()],
    );
  }

  resetRequestCache() {}
}

const buildIds = new Map();

function distDirOf(serverDistDir) {
  return serverDistDir ? path.dirname(serverDistDir) : path.join(process.cwd(), ".next");
}

function readBuildId(serverDistDir) {
  const distDir = distDirOf(serverDistDir);
  if (!buildIds.has(distDir)) {
    let id = "development";
    try {
      id = readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
    } catch {
      // During `next build` the id is written only at the end: entries made then carry the build's
      // dist directory instead, and are simply missed (rendered again) at run time.
      id = `building:${distDir}`;
    }
    buildIds.set(distDir, id);
  }
  return buildIds.get(distDir);
}
