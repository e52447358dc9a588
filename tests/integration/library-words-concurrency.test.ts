import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { sql } from "drizzle-orm";
import { pool } from "@/db";
import { pruneSearchWords } from "@/server/library/search-words";
import { closeTestDb, testDb } from "../support/db";
import { testEnv } from "../support/env";

// Two editors saving at once (two instances, or two requests on one): each save adds the library's new
// words (migration 0031). A save must never wait for another's words, nor fail because of them.

// The prune runs here, in the test process, on the app's own pool: close it too.
afterAll(async () => {
  await Promise.all([closeTestDb(), pool().end()]);
});

const insertItem = (client: Client, title: string, slug: string) =>
  client.query(
    "insert into content_items (title, slug, summary, content, content_type, status, published_at) values ($1, $2, 'Summary', '<p>Body</p>', 'article', 'published', now())",
    [title, slug],
  );

it("lets two saves add the same new words in opposite orders, neither waiting for the other", async () => {
  const word = `brackenfold${randomUUID().slice(0, 8)}`;
  const first = new Client({ connectionString: testEnv().databaseUrl });
  const second = new Client({ connectionString: testEnv().databaseUrl });
  await Promise.all([first.connect(), second.connect()]);
  try {
    // A deadlock would show within a second; without one, each statement returns at once.
    for (const client of [first, second])
      await client.query("begin; set local lock_timeout = '2s'; set local deadlock_timeout = '100ms'");
    await insertItem(first, `${word}a`, `${word}-1`);
    await insertItem(second, `${word}b`, `${word}-2`);
    await insertItem(first, `${word}b`, `${word}-3`);
    await insertItem(second, `${word}a`, `${word}-4`);
    await Promise.all([first.query("commit"), second.query("commit")]);
    const { rows } = await testDb().execute<{ word: string }>(
      sql`select distinct word from content_search_words where starts_with(word, ${word}) order by word`,
    );
    expect(rows.map((row) => row.word)).toEqual([`${word}a`, `${word}b`]);
    const found = await testDb().execute<{ slug: string }>(
      sql`select slug from content_items where search_vector @@ content_search_query(array[${word}]) order by slug`,
    );
    expect(found.rows.map((row) => row.slug)).toEqual([1, 2, 3, 4].map((n) => `${word}-${n}`));
  } finally {
    await Promise.allSettled([first.query("rollback"), second.query("rollback")]);
    await Promise.all([first.end(), second.end()]);
    await testDb().execute(sql`delete from content_items where slug like ${`${word}-%`}`);
  }
});

it("prunes, nightly, the words no item holds and second copies, but never a word a save is adding while it runs", async () => {
  const word = `fernwhistle${randomUUID().slice(0, 8)}`;
  const wordsNow = async () =>
    (
      await testDb().execute<{ word: string }>(
        sql`select word from content_search_words where starts_with(word, ${word}) order by word`,
      )
    ).rows.map((row) => row.word);
  const saving = new Client({ connectionString: testEnv().databaseUrl });
  await saving.connect();
  try {
    await testDb()
      .execute(sql`insert into content_items (title, slug, summary, content, content_type, status, published_at)
      values (${`${word}a`}, ${`${word}-1`}, 'Summary', '<p>Body</p>', 'article', 'published', now()), (${`${word}b`}, ${`${word}-2`}, 'Summary', '<p>Body</p>', 'article', 'published', now())`);
    await testDb().execute(sql`insert into content_search_words (word) values (${`${word}a`})`);
    await testDb().execute(sql`delete from content_items where slug = ${`${word}-2`}`);
    expect(await wordsNow()).toEqual([`${word}a`, `${word}a`, `${word}b`]);

    // An editor saves an item with the word no item holds now: her save finds it in the table and adds none.
    await saving.query("begin");
    await insertItem(saving, `${word}b`, `${word}-3`);
    const pruning = pruneSearchWords();
    const waiting = async () =>
      (
        await testDb().execute<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like 'lock table content_search_words%'`,
        )
      ).rows[0]!.waiting;
    for (let tries = 0; (await waiting()) === 0; tries++) {
      if (tries > 100) throw new Error("The prune never waited for the save adding its words.");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await saving.query("commit");
    expect(await pruning).toBeGreaterThanOrEqual(1);
    expect(await wordsNow()).toEqual([`${word}a`, `${word}b`]);
    const found = await testDb().execute<{ slug: string }>(
      sql`select slug from content_items where search_vector @@ content_search_query(array[${word}]) order by slug`,
    );
    expect(found.rows.map((row) => row.slug)).toEqual([`${word}-1`, `${word}-3`]);

    await testDb().execute(sql`delete from content_items where slug = ${`${word}-3`}`);
    await pruneSearchWords();
    expect(await wordsNow()).toEqual([`${word}a`]);
  } finally {
    await saving.query("rollback").catch(() => {});
    await saving.end();
    await testDb().execute(sql`delete from content_items where slug like ${`${word}-%`}`);
  }
});
