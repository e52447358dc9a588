import { sql } from "drizzle-orm";
import { closeTestDb, testDb } from "../support/db";
import { call } from "../support/http";

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
