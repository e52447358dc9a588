import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import type PostgresCacheHandler from "../../cache-handler.mjs";
import { SLOW_READ_MS } from "../../cache-handler.mjs";
import { closeTestDb, testDb } from "../support/db";
import { call } from "../support/http";
import { testEnv } from "../support/env";

// Prerendered pages are kept in PostgreSQL (cache-handler.mjs), so that every app instance serves the
// same regenerated page; tests/integration/production-shape.test.ts checks it across two instances.

afterAll(closeTestDb);

it("keeps a served public page in PostgreSQL and serves the next request from there", async () => {
  await call("/about");
  const second = await call("/about");
  expect(second.status).toBe(200);
  expect(second.headers.get("x-nextjs-cache")).toBe("HIT");
  const rows = await testDb().execute(sql`select key, build_id from next_cache_entries where key like '%about%'`);
  expect(rows.rows.length).toBeGreaterThan(0);
});

describe("the page cache's reads after the event loop was busy (a render)", () => {
  // cache-handler.mjs is what Next.js loads; here it reads the tests' database directly.
  let handler: PostgresCacheHandler;
  const lockHolder = new Pool({ connectionString: testEnv().databaseUrl, max: 1 });
  beforeAll(async () => {
    process.env.DATABASE_URL = testEnv().databaseUrl;
    const { default: CacheHandler } = await import("../../cache-handler.mjs");
    handler = new CacheHandler({ serverDistDir: path.join(tmpdir(), "no-build", "server") });
  });
  afterAll(() => lockHolder.end());

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
});
