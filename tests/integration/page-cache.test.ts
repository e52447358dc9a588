import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import type PostgresCacheHandler from "../../cache-handler.mjs";
import { SLOW_READ_MS } from "../../cache-handler.mjs";
import { PAGE_REFRESH_HEADER, servingRequest } from "../../src/lib/http/page-refresh.mjs";
import { closeTestDb, testDb } from "../support/db";
import { call } from "../support/http";
import { testEnv } from "../support/env";

// Prerendered pages are kept in PostgreSQL (cache-handler.mjs), so that every app instance serves the
// same regenerated page; tests/integration/production-shape.test.ts checks it across two instances.

/** Holds the page cache's table, as a stalled PostgreSQL would, from another connection. */
const lockHolder = new Pool({ connectionString: testEnv().databaseUrl, max: 1 });
afterAll(() => Promise.all([lockHolder.end(), closeTestDb()]));

it("keeps a served public page in PostgreSQL and serves the next request from there", async () => {
  await call("/about");
  const second = await call("/about");
  expect(second.status).toBe(200);
  expect(second.headers.get("x-nextjs-cache")).toBe("HIT");
  const rows = await testDb().execute(sql`select key, build_id from next_cache_entries where key like '%about%'`);
  expect(rows.rows.length).toBeGreaterThan(0);
});

it("answers the proxy's refresh of a page from PostgreSQL, where a visitor gets the copy in memory", async () => {
  await call("/about");
  await call("/about"); // kept in PostgreSQL and in the instance's memory
  const stall = async () => {
    const released = lockHolder
      .query("begin; lock table next_cache_entries in access exclusive mode; select pg_sleep(2); commit;")
      .then(() => Date.now());
    await delay(50);
    return { released };
  };

  let { released } = await stall();
  const visitor = await call("/about");
  const visitorAnswered = Date.now();
  expect(visitor.status).toBe(200);
  expect(visitorAnswered).toBeLessThan(await released);

  ({ released } = await stall());
  const refresh = await call("/about", { headers: { "x-page-refresh": "1" } });
  const refreshAnswered = Date.now();
  expect(refresh.status).toBe(200);
  expect(refreshAnswered).toBeGreaterThanOrEqual(await released);
});

describe("the page cache's reads after the event loop was busy (a render)", () => {
  // cache-handler.mjs is what Next.js loads; here it reads the tests' database directly.
  let handler: PostgresCacheHandler;
  beforeAll(async () => {
    process.env.DATABASE_URL = testEnv().databaseUrl;
    const { default: CacheHandler } = await import("../../cache-handler.mjs");
    handler = new CacheHandler({ serverDistDir: path.join(tmpdir(), "no-build", "server") });
  });

  it("takes an answer that came within SLOW_READ_MS over the copy in memory, even when it was read late", async () => {
    const key = `/busy-${Date.now()}`;
    await handler.set(key, { kind: "APP_PAGE", html: "the copy in memory", headers: {} });
    await testDb().execute(sql`delete from next_cache_entries where key = ${key}`); // now a miss in PostgreSQL
    // PostgreSQL holds the read back 100 ms by itself (a lock it releases on its own), so that its
    // answer arrives while this process is busy.
    const locked = lockHolder.query(
      "begin; lock table next_cache_entries in access exclusive mode; select pg_sleep(0.1); commit;",
    );
    await delay(20);
    const read = handler.get(key);
    await delay(10); // the query is on its way
    // A long render, run where the app's are (after the loop's reads, not among its timers): the answer
    // (at about 100 ms) waits unread, and the 300 ms timer is due when it ends.
    await new Promise((resolve) => setImmediate(resolve));
    const busyUntil = Date.now() + SLOW_READ_MS + 150;
    while (Date.now() < busyUntil);
    expect(await read).toBeNull();
    await locked;
  });

  it("serves the copy in memory when PostgreSQL is slow, but never to the proxy's refresh of an edited page", async () => {
    const key = `/edited-${Date.now()}`;
    // This instance served the page before the edit; after it PostgreSQL no longer holds that page
    // (here, removed), and answers slowly. (A read that finds no page forgets the copy, so each case
    // starts from here.)
    const edited = async () => {
      await handler.set(key, { kind: "APP_PAGE", html: "the page before the edit", headers: {} });
      await testDb().execute(sql`delete from next_cache_entries where key = ${key}`);
      const locked = lockHolder.query(
        "begin; lock table next_cache_entries in access exclusive mode; select pg_sleep(0.8); commit;",
      );
      await delay(20);
      return { locked };
    };

    let { locked } = await edited();
    const started = Date.now();
    const refresh = await servingRequest({ [PAGE_REFRESH_HEADER]: "1" }, () => handler.get(key));
    expect(refresh).toBeNull();
    expect(Date.now() - started).toBeGreaterThan(SLOW_READ_MS);
    await locked;

    ({ locked } = await edited());
    const visitor = await handler.get(key);
    expect(visitor?.value).toMatchObject({ html: "the page before the edit" });
    await locked;
  });
});
