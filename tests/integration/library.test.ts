import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, contentCategories, contentItems, contentItemTags, contentTags, storedFiles } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";
import { testEnv } from "../support/env";

// The library: sanitized articles, uploads checked by their bytes, files and bodies kept
// from members below an item's tier, filters, bookmarks, comments, views and scheduled publishing.

afterAll(closeTestDb);

const unique = () => randomUUID().slice(0, 8);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

async function upload(purpose: string, name: string, body: Buffer, cookie: string) {
  const { baseUrl } = testEnv();
  const response = await fetch(`${baseUrl}/api/uploads/${purpose}?name=${name}`, {
    method: "POST",
    headers: { origin: baseUrl, cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

/** The editor's form for an article, with `overrides`. */
function itemInput(overrides: Record<string, unknown> = {}) {
  const slug = `item-${unique()}`;
  return {
    title: `Item ${slug}`,
    slug,
    summary: "A summary long enough for the form.",
    contentType: "article",
    content: "<p>Plain words.</p>",
    featuredImage: "",
    videoUrl: "",
    attachmentUrl: "",
    externalUrl: "",
    categoryId: null,
    tags: [],
    access: "public",
    isFeatured: false,
    status: "published",
    publishAt: "",
    ...overrides,
  };
}

/** An item written straight to the database (as bulk SQL or an older version could). */
async function insertItem(values: Partial<typeof contentItems.$inferInsert> = {}) {
  const slug = `db-item-${unique()}`;
  const [row] = await testDb()
    .insert(contentItems)
    .values({
      title: `Item ${slug}`,
      slug,
      summary: "Summary",
      contentType: "article",
      content: "<p>Words</p>",
      status: "published",
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

async function insertCategory(values: Partial<typeof contentCategories.$inferInsert> = {}) {
  const slug = `cat-${unique()}`;
  const [row] = await testDb()
    .insert(contentCategories)
    .values({ name: `Category ${slug}`, slug, ...values })
    .returning();
  return row!;
}

describe("library", () => {
  let connect: string;
  let empower: string;
  let play: string;
  let editor: string;
  let admin: string;
  let connectId: number;
  beforeAll(async () => {
    const her = await createTestUser({ membershipLevel: "connect" });
    connectId = her.id;
    connect = await signIn(her.username, TEST_PASSWORD);
    empower = await signIn((await createTestUser({ membershipLevel: "empower" })).username, TEST_PASSWORD);
    play = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    editor = await signIn(
      (await createTestUser({ membershipLevel: "connect", permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it("answers 401 to a visitor and 403 to a member without manage_content in the editor's calls", async () => {
    expect((await call("/api/content/items")).status).toBe(401);
    expect((await call("/api/content/bookmarks")).status).toBe(401);
    expect((await call("/api/content/comments", { body: { contentId: 1, comment: "hi" } })).status).toBe(401);
    expect((await call("/api/admin/library/items", { body: itemInput(), cookie: connect })).status).toBe(403);
  });

  it("never lets <script>, event handlers or javascript: URLs survive an article, when saved or when read", async () => {
    const hostile =
      '<p onclick="steal()">Safe words<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a><a href=" JAVASCRIPT:alert(4)">x</a><iframe src="https://evil.example"></iframe>';
    const saved = await call("/api/admin/library/items", { body: itemInput({ content: hostile }), cookie: editor });
    expect(saved.status).toBe(201);
    const [row] = await testDb()
      .select({ content: contentItems.content })
      .from(contentItems)
      .where(eq(contentItems.id, saved.json.id));
    expect(row!.content).toContain("Safe words");
    expect(row!.content).not.toMatch(/script|onclick|onerror|javascript|iframe/i);

    // A row written past the editor is cleaned again whenever it is read.
    const raw = await insertItem({ content: hostile });
    const read = await call(`/api/content/items/${raw.slug}`, { cookie: connect });
    expect(read.status).toBe(200);
    expect(read.json.content).toContain("Safe words");
    expect(read.json.content).not.toMatch(/script|onclick|onerror|javascript|iframe/i);
  });

  it("refuses an upload whose bytes are not what its name says, and keeps nothing", async () => {
    const editorFiles = () =>
      testDb().select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.originalName, "forged.pdf"));
    expect(
      await upload("library-pdf", "forged.pdf", Buffer.from("<html><script>alert(1)</script></html>"), editor),
    ).toEqual({ status: 415, json: { error: "Please choose a PDF file." } });
    expect((await upload("library-image", "forged.png", PDF, editor)).status).toBe(415);
    expect((await upload("library-video", "forged.mp4", PDF, editor)).status).toBe(415);
    expect(await editorFiles()).toEqual([]);
  });

  it("serves a gated item's PDF only to members whose tier opens it (403 below), and never sends them its link", async () => {
    const stored = await upload("library-pdf", "workbook.pdf", PDF, editor);
    expect(stored.status).toBe(201);
    const saved = await call("/api/admin/library/items", {
      body: itemInput({ contentType: "pdf", content: "", attachmentUrl: stored.json.url, access: "empower" }),
      cookie: editor,
    });
    expect(saved.status).toBe(201);
    const [file] = await testDb().select().from(storedFiles).where(eq(storedFiles.id, stored.json.id));
    expect(file).toMatchObject({ access: "gated", gateKind: "library-item", gateId: saved.json.id });

    expect((await call(stored.json.url, { cookie: connect })).status).toBe(403);
    expect((await call(stored.json.url)).status).toBe(401);
    const opened = await call(stored.json.url, { cookie: play });
    expect(opened.status).toBe(200);
    expect(opened.text.startsWith("%PDF")).toBe(true);
    expect((await call(stored.json.url, { cookie: empower })).status).toBe(200);

    const below = await call(`/api/content/items/${saved.json.slug}`, { cookie: connect });
    expect(below.json).toMatchObject({
      locked: true,
      attachmentUrl: null,
      requiredMembershipLevel: "empower",
      membersOnly: true,
    });
    const above = await call(`/api/content/items/${saved.json.slug}`, { cookie: play });
    expect(above.json).toMatchObject({ locked: false, attachmentUrl: stored.json.url });
  });

  it("keeps a gated item's body, video and link from a member below its tier or its category's, in the item, the list and search", async () => {
    const word = `zephyrine${unique().replace(/\d/g, "")}`;
    const gated = await insertItem({
      isPublic: false,
      requiredMembershipLevel: "play",
      content: `<p>The ${word} practice.</p>`,
    });
    const video = await insertItem({
      isPublic: false,
      requiredMembershipLevel: "play",
      contentType: "video",
      content: "",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    });
    const category = await insertCategory({ isPublic: false, requiredMembershipLevel: "empower" });
    const inCategory = await insertItem({ categoryId: category.id, content: "<p>Category body</p>" });

    const item = await call(`/api/content/items/${gated.slug}`, { cookie: connect });
    expect(item.status).toBe(200);
    expect(item.json).toMatchObject({
      title: gated.title,
      summary: gated.summary,
      locked: true,
      content: null,
      videoUrl: null,
      externalUrl: null,
      attachmentUrl: null,
    });
    expect(item.text).not.toContain(word);
    expect((await call(`/api/content/items/${video.slug}`, { cookie: connect })).json.videoUrl).toBeNull();
    expect((await call(`/api/content/items/${video.slug}`, { cookie: play })).json.videoUrl).toBe(
      "https://youtu.be/dQw4w9WgXcQ",
    );
    expect((await call(`/api/content/items/${gated.slug}`, { cookie: play })).json.content).toContain(word);

    // At least the required level: empower and play open an empower category, connect does not.
    expect((await call(`/api/content/items/${inCategory.slug}`, { cookie: connect })).json).toMatchObject({
      locked: true,
      content: null,
      requiredMembershipLevel: "empower",
    });
    expect((await call(`/api/content/items/${inCategory.slug}`, { cookie: empower })).json).toMatchObject({
      locked: false,
      content: "<p>Category body</p>",
    });
    expect((await call(`/api/content/items/${inCategory.slug}`, { cookie: play })).json.locked).toBe(false);
    expect((await call(`/api/content/categories/${category.slug}`, { cookie: connect })).json.locked).toBe(true);

    // The card shows in the list, without its body; search looks into bodies only she may read.
    const list = await call(`/api/content/items?category=${category.slug}`, { cookie: connect });
    expect(list.json).toEqual([expect.objectContaining({ slug: inCategory.slug, locked: true })]);
    expect(list.json[0]).not.toHaveProperty("content");
    expect((await call(`/api/content/items?search=${word}`, { cookie: connect })).json).toEqual([]);
    expect(
      (await call(`/api/content/items?search=${word}`, { cookie: play })).json.map(
        (card: { slug: string }) => card.slug,
      ),
    ).toEqual([gated.slug]);

    // Comments and views belong to the content: 404 below the level.
    expect(
      (await call("/api/content/comments", { body: { contentId: gated.id, comment: "Hello" }, cookie: connect }))
        .status,
    ).toBe(404);
    expect((await call(`/api/content/comments?contentId=${gated.id}`, { cookie: connect })).status).toBe(404);
    expect((await call(`/api/content/items/${gated.id}/view`, { method: "POST", cookie: connect })).status).toBe(404);
  });

  it("filters by category, tag, type and search together, newest first, and shows drafts to editors only", async () => {
    const category = await insertCategory();
    const tag = `Tag ${unique()}`;
    const make = (overrides: Record<string, unknown>) =>
      call("/api/admin/library/items", {
        body: itemInput({ categoryId: category.id, ...overrides }),
        cookie: editor,
      }).then((r) => r.json);
    const article = await make({ title: "Moon journaling prompts", tags: [tag] });
    const video = await make({
      title: "Moon salutation flow",
      contentType: "video",
      content: "",
      videoUrl: "https://vimeo.com/76979871",
      tags: [tag],
    });
    const other = await make({ title: "Pricing your art", tags: [] });
    const draft = await make({ title: "Moon draft", status: "draft", tags: [tag] });
    const tagSlug = tag.toLowerCase().replace(/ /g, "-");
    const slugs = async (query: string) =>
      ((await call(`/api/content/items?${query}`, { cookie: connect })).json as { slug: string }[]).map(
        (card) => card.slug,
      );

    expect(await slugs(`category=${category.slug}`)).toEqual([other.slug, video.slug, article.slug]);
    expect(await slugs(`category=${category.slug}&tag=${tagSlug}`)).toEqual([video.slug, article.slug]);
    expect(await slugs(`category=${category.slug}&tag=${tagSlug}&contentType=video`)).toEqual([video.slug]);
    expect(await slugs(`category=${category.slug}&search=journal`)).toEqual([article.slug]);
    expect(await slugs(`tag=${tagSlug}&search=moon&contentType=article`)).toEqual([article.slug]);
    expect(await slugs(`category=${category.slug}&search=${encodeURIComponent("&|!")}`)).toEqual([]);
    expect((await call(`/api/content/tags/${tagSlug}`, { cookie: connect })).json).toMatchObject({ name: tag });
    expect((await call(`/api/content/items/${article.id}/tags`, { cookie: connect })).json).toEqual([
      { id: expect.any(Number), name: tag, slug: tagSlug },
    ]);

    expect((await call(`/api/content/items/${draft.slug}`, { cookie: connect })).status).toBe(404);
    expect((await call(`/api/content/items/${draft.slug}`, { cookie: editor })).json.status).toBe("draft");
    expect((await call("/api/content/items?contentType=podcast", { cookie: connect })).status).toBe(400);
  });

  it("keeps bookmarks private to their owner", async () => {
    const item = await insertItem();
    const draft = await insertItem({ status: "draft", publishedAt: null });
    expect((await call("/api/content/bookmarks", { body: { contentId: item.id }, cookie: connect })).status).toBe(201);
    expect((await call("/api/content/bookmarks", { body: { contentId: item.id }, cookie: connect })).status).toBe(201);
    expect((await call(`/api/content/bookmarks/${item.id}/status`, { cookie: connect })).json).toEqual({
      isBookmarked: true,
    });
    expect((await call(`/api/content/bookmarks/${item.id}/status`, { cookie: play })).json).toEqual({
      isBookmarked: false,
    });
    expect(
      (await call("/api/content/bookmarks", { cookie: connect })).json.map((card: { id: number }) => card.id),
    ).toContain(item.id);
    expect(
      (await call("/api/content/bookmarks", { cookie: play })).json.map((card: { id: number }) => card.id),
    ).not.toContain(item.id);
    expect((await call("/api/content/bookmarks", { body: { contentId: draft.id }, cookie: connect })).status).toBe(404);

    expect((await call(`/api/content/bookmarks/${item.id}`, { method: "DELETE", cookie: connect })).json).toEqual({
      isBookmarked: false,
    });
    expect((await call(`/api/content/bookmarks/${item.id}/status`, { cookie: connect })).json).toEqual({
      isBookmarked: false,
    });
  });

  it("takes comments, refuses an empty one, and lets only their author or an admin delete them", async () => {
    const item = await insertItem();
    const empty = await call("/api/content/comments", {
      body: { contentId: item.id, comment: "   " },
      cookie: connect,
    });
    expect(empty.status).toBe(400);
    expect(empty.json.fields.comment).toBe("Please enter a comment");

    const posted = await call("/api/content/comments", {
      body: { contentId: item.id, comment: "Thank you for this." },
      cookie: connect,
    });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ comment: "Thank you for this.", author: { id: connectId } });
    expect(
      (await call(`/api/content/comments?contentId=${item.id}`, { cookie: play })).json.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([posted.json.id]);

    expect((await call(`/api/content/comments/${posted.json.id}`, { method: "DELETE", cookie: play })).status).toBe(
      403,
    );
    expect((await call(`/api/content/comments/${posted.json.id}`, { method: "DELETE", cookie: connect })).status).toBe(
      200,
    );
    expect((await call(`/api/content/comments?contentId=${item.id}`, { cookie: play })).json).toEqual([]);

    const another = await call("/api/content/comments", {
      body: { contentId: item.id, comment: "Off topic." },
      cookie: play,
    });
    expect((await call(`/api/content/comments/${another.json.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      200,
    );
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "library.comment.delete"), eq(auditLog.entityId, String(another.json.id))));
    expect(audit).toHaveLength(1);
    expect((await call(`/api/content/comments/${another.json.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      404,
    );
  });

  it("counts a view once per member, item and day", async () => {
    const item = await insertItem({ viewCount: 5 });
    expect((await call(`/api/content/items/${item.id}/view`, { method: "POST", cookie: connect })).json).toEqual({
      recorded: true,
      viewCount: 6,
    });
    expect((await call(`/api/content/items/${item.id}/view`, { method: "POST", cookie: connect })).json).toEqual({
      recorded: false,
      viewCount: 6,
    });
    expect((await call(`/api/content/items/${item.id}/view`, { method: "POST", cookie: play })).json).toEqual({
      recorded: true,
      viewCount: 7,
    });
  });

  it("publishes a scheduled item when its time comes (the library.publish job)", async () => {
    const publishAt = new Date(Date.now() + 3000).toISOString();
    const saved = await call("/api/admin/library/items", {
      body: itemInput({ status: "scheduled", publishAt }),
      cookie: editor,
    });
    expect(saved.status).toBe(201);
    expect((await call(`/api/content/items/${saved.json.slug}`, { cookie: connect })).status).toBe(404);
    const deadline = Date.now() + 25_000;
    let status = 404;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      status = (await call(`/api/content/items/${saved.json.slug}`, { cookie: connect })).status;
    }
    expect(status).toBe(200);
    const [row] = await testDb()
      .select({ status: contentItems.status, publishedAt: contentItems.publishedAt })
      .from(contentItems)
      .where(eq(contentItems.id, saved.json.id));
    expect(row).toEqual({ status: "published", publishedAt: new Date(publishAt) });
  });
});

describe("library search ranks a bounded set of candidates", () => {
  it("ranks a word in the title first, then in the tags, the summary, and last the body", async () => {
    const word = `quillmoss${unique()}`;
    const cookie = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    // The body match is the newest and the title match the oldest, so the order is the ranking's, not the date's.
    const hour = 3600_000;
    const inTitle = await insertItem({ title: `All about ${word}`, publishedAt: new Date(Date.now() - 4 * hour) });
    const inTags = await insertItem({ publishedAt: new Date(Date.now() - 3 * hour) });
    const [tagRow] = await testDb()
      .insert(contentTags)
      .values({ name: `Tag ${word}`, slug: `tag-${word}` })
      .returning();
    await testDb().insert(contentItemTags).values({ contentId: inTags.id, tagId: tagRow!.id });
    const inSummary = await insertItem({
      summary: `A summary mentioning ${word}.`,
      publishedAt: new Date(Date.now() - 2 * hour),
    });
    const inBody = await insertItem({
      content: `<p>The body says ${word} once.</p>`,
      publishedAt: new Date(Date.now() - hour),
    });
    // Among items with the word in the body alone, the newest comes first, however often an older one says it.
    const inBodyOften = await insertItem({
      content: `<p>${`${word} and ${word} again. `.repeat(5)}</p>`,
      publishedAt: new Date(Date.now() - 1.5 * hour),
    });
    const found = await call(`/api/content/items?search=${word}`, { cookie });
    expect(found.json.map((card: { slug: string }) => card.slug)).toEqual([
      inTitle.slug,
      inTags.slug,
      inSummary.slug,
      inBody.slug,
      inBodyOften.slug,
    ]);
    expect(found.headers.get("x-search-capped")).toBeNull();
  });

  it("ranks only the newest 1,000 matches, and says so when more matched", async () => {
    const word = `ferngrail${unique()}`;
    const cookie = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    // The best match (the word in its title) is the oldest; 1,000 newer items have it in their bodies.
    const oldest = await insertItem({ title: `The ${word} guide`, publishedAt: new Date("2001-01-01T00:00:00Z") });
    await testDb().execute(sql`
      insert into content_items (title, slug, summary, content, content_type, status, published_at)
      select 'Bulk item ' || g, ${`bulk-${word}-`} || g, 'Summary', ${`<p>Body with ${word}.</p>`}, 'article', 'published', timestamptz '2002-01-01' + g * interval '1 minute'
      from generate_series(1, 1000) g`);
    try {
      const capped = await call(`/api/content/items?search=${word}&limit=48`, { cookie });
      expect(capped.status).toBe(200);
      expect(capped.headers.get("x-search-capped")).toBe("true");
      expect(capped.json).toHaveLength(48);
      expect(capped.json.map((card: { slug: string }) => card.slug)).not.toContain(oldest.slug);

      // One fewer: every match is ranked, and the title's is first.
      await testDb().execute(sql`delete from content_items where slug = ${`bulk-${word}-1`}`);
      const exact = await call(`/api/content/items?search=${word}&limit=48`, { cookie });
      expect(exact.headers.get("x-search-capped")).toBeNull();
      expect(exact.json[0].slug).toBe(oldest.slug);
    } finally {
      await testDb().execute(sql`delete from content_items where slug like ${`bulk-${word}-%`}`);
    }
  });
});

describe("library search reads whole words (migration 0031)", () => {
  const queryFor = async (words: string[]) =>
    (
      await testDb().execute<{ query: string }>(
        sql`select content_search_query(array[${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )}]::text[])::text as query`,
      )
    ).rows[0]!.query;
  const libraryWords = async (prefix: string) =>
    (
      await testDb().execute<{ word: string }>(
        sql`select word from content_search_words where starts_with(word, ${prefix}) order by word`,
      )
    ).rows.map((row) => row.word);

  it("keeps every word an item's title, tags, summary or body has held, however it was written", async () => {
    const word = `kelpwick${unique()}`;
    const cookie = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    const bulk = await insertItem({ title: `About ${word}x1` });
    const editor = await signIn(
      (await createTestUser({ membershipLevel: "connect", permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    const edited = await call("/api/admin/library/items", {
      body: itemInput({ summary: `A summary that says ${word}x2.` }),
      cookie: editor,
    });
    expect(edited.status).toBe(201);
    const [tag] = await testDb()
      .insert(contentTags)
      .values({ name: `${word}x3`, slug: `tag-${word}` })
      .returning();
    await testDb().insert(contentItemTags).values({ contentId: bulk.id, tagId: tag!.id });
    await testDb()
      .update(contentItems)
      .set({ content: `<p>Now the body says ${word}x4.</p>` })
      .where(eq(contentItems.id, bulk.id));

    expect(await libraryWords(word)).toEqual([`${word}x1`, `${word}x2`, `${word}x3`, `${word}x4`]);
    // An update that leaves the vector as it was (a view's counter) adds nothing; one that changes it does.
    await testDb().execute(sql`delete from content_search_words where word = ${`${word}x1`}`);
    expect((await call(`/api/content/items/${bulk.id}/view`, { method: "POST", cookie })).json).toEqual({
      recorded: true,
      viewCount: 1,
    });
    expect(await libraryWords(`${word}x1`)).toEqual([]);
    await testDb()
      .update(contentItems)
      .set({ summary: `Again ${word}x1` })
      .where(eq(contentItems.id, bulk.id));
    expect(await libraryWords(`${word}x1`)).toEqual([`${word}x1`]);
    expect(await queryFor([word])).toBe([1, 2, 3, 4].map((n) => `'${word}x${n}'`).join(" | "));
    const found = await call(`/api/content/items?search=${word}`, { cookie });
    expect(found.json.map((card: { slug: string }) => card.slug).sort()).toEqual([bulk.slug, edited.json.slug].sort());
  });

  it("keeps the prefix when more than 32 words start with it, and finds the same items either way", async () => {
    const word = `sedgeloom${unique()}`;
    const cookie = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    await testDb().execute(sql`
      insert into content_items (title, slug, summary, content, content_type, status, published_at)
      select 'Notes on ' || ${word} || 'q' || g, ${`words-${word}-`} || g, 'Summary', '<p>Body</p>', 'article', 'published', now() - g * interval '1 minute'
      from generate_series(1, 33) g`);
    try {
      expect(await libraryWords(`${word}q`)).toHaveLength(33);
      expect(await queryFor(["notes", `${word}q`])).toBe(`'note' & '${word}q':*`);
      // q1 and q10 to q19: eleven words, searched whole.
      expect(await queryFor([`${word}q1`])).toBe(
        [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `'${word}q${n}'`).join(" | "),
      );
      const all = await call(`/api/content/items?search=notes ${word}q&limit=48`, { cookie });
      expect(all.json).toHaveLength(33);
      const some = await call(`/api/content/items?search=${word}q1&limit=48`, { cookie });
      expect(some.json.map((card: { slug: string }) => card.slug).sort()).toEqual(
        [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `words-${word}-${n}`).sort(),
      );
    } finally {
      await testDb().execute(sql`delete from content_items where slug like ${`words-${word}-%`}`);
    }
  });

  it("matches exactly the items the prefix matches, for stop words, stems and words no item holds", async () => {
    await insertItem({ title: "Breathwork for journaling practice", summary: "Grants and ceramics" });
    const searches = [
      ["breath"],
      ["journaling", "pr"],
      ["journaling", "the"],
      ["the"],
      ["grants"],
      ["ceramics", "grant"],
      ["j"],
      ["zzqxv"],
      ["practices"],
    ];
    let matched = 0;
    for (const words of searches) {
      const terms = words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
      const ids = async (condition: ReturnType<typeof sql>) =>
        (
          await testDb().execute<{ id: number }>(
            sql`select id from content_items where search_vector @@ ${condition} order by id`,
          )
        ).rows.map((row) => row.id);
      const wholeWords = sql`(select content_search_query(array[${sql.join(
        words.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]))`;
      const found = await ids(wholeWords);
      expect({ words, ids: found }).toEqual({ words, ids: await ids(sql`to_tsquery('english', ${terms})`) });
      matched += found.length > 0 ? 1 : 0;
    }
    // The item above answers seven of them; "the" (a stop word) and "zzqxv" find nothing.
    expect(matched).toBe(7);
    expect(await queryFor(["journaling", "the"])).toBe("'journal'");
  });

  it("searches the editor's list the same way, drafts included", async () => {
    const word = `mossgate${unique()}`;
    const editor = await signIn(
      (await createTestUser({ membershipLevel: "connect", permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    const member = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    const draft = await call("/api/admin/library/items", {
      body: itemInput({ title: `Notes on ${word}ery`, status: "draft" }),
      cookie: editor,
    });
    expect(draft.status).toBe(201);
    const listed = await call(`/api/admin/library/items?search=notes ${word}`, { cookie: editor });
    expect(listed.json.items.map((item: { slug: string }) => item.slug)).toEqual([draft.json.slug]);
    expect((await call(`/api/admin/library/items?search=!!!`, { cookie: editor })).json.items).toEqual([]);
    expect((await call(`/api/content/items?search=${word}`, { cookie: member })).json).toEqual([]);
  });

  it("quotes a library word as tsquery reads it, whatever characters it holds", async () => {
    const word = `rushpoint${unique()}`;
    const odd = [`${word}'s`, `${word}\\x`, `${word}:*`, `${word} | b`];
    await testDb().execute(
      sql`insert into content_search_words (word) select unnest(array[${sql.join(
        odd.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[])`,
    );
    try {
      for (const w of odd) {
        const { rows } = await testDb().execute<{ matches: boolean }>(
          sql`select array_to_tsvector(array[${w}]) @@ content_search_query(array[${word}]) as matches`,
        );
        expect({ w, matches: rows[0]!.matches }).toEqual({ w, matches: true });
      }
    } finally {
      await testDb().execute(sql`delete from content_search_words where starts_with(word, ${word})`);
    }
  });
});

describe("library pages are keyset pages (src/server/pagination.ts)", () => {
  it("walks the list, a category and a search page by page with the next cursor, each item once", async () => {
    const word = `keysetfern${unique()}`;
    const category = await insertCategory();
    const cookie = await signIn((await createTestUser({ membershipLevel: "play" })).username, TEST_PASSWORD);
    // Seven items, two of them published at the same instant (the id breaks the tie), and an equal
    // rank for all but one (the word also in its title).
    const at = new Date("2003-03-03T03:03:03.123456Z");
    const items: Awaited<ReturnType<typeof insertItem>>[] = [];
    for (let i = 0; i < 7; i += 1)
      items.push(
        await insertItem({
          title: i === 3 ? `The ${word} one` : `Keyset item ${i}`,
          content: `<p>Body with ${word}.</p>`,
          categoryId: category.id,
          publishedAt: i < 2 ? at : new Date(at.getTime() + i * 60_000),
        }),
      );
    const walk = async (filter: string) => {
      const slugs: string[] = [];
      let after: string | null = null;
      do {
        const page = await call(
          `/api/content/items?${filter}&limit=3${after ? `&after=${encodeURIComponent(after)}` : ""}`,
          { cookie },
        );
        expect(page.status).toBe(200);
        expect(page.json.length).toBeLessThanOrEqual(3);
        slugs.push(...page.json.map((card: { slug: string }) => card.slug));
        after = page.headers.get("x-next-cursor");
      } while (after);
      return slugs;
    };
    const newestFirst = [...items].reverse().map((item) => item.slug);
    // The two published at the same instant: the higher id first.
    expect(await walk(`category=${category.slug}`)).toEqual(newestFirst);
    const found = await walk(`search=${word}`);
    expect(found).toEqual([items[3]!.slug, ...newestFirst.filter((slug) => slug !== items[3]!.slug)]);
    expect((await call(`/api/content/items?after=not-a-cursor`, { cookie })).status).toBe(400);
  });

  it("walks the editor's list, newest change first, with nextCursor", async () => {
    const word = `keysetmoss${unique()}`;
    const editor = await signIn(
      (await createTestUser({ membershipLevel: "connect", permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    const at = new Date("2004-04-04T04:04:04.654321Z");
    const items: Awaited<ReturnType<typeof insertItem>>[] = [];
    for (let i = 0; i < 5; i += 1)
      items.push(
        await insertItem({
          title: `Editor ${word} ${i}`,
          status: i % 2 ? "draft" : "published",
          updatedAt: i < 2 ? at : new Date(at.getTime() + i * 1000),
        }),
      );
    const slugs: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(
        `/api/admin/library/items?search=${word}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ""}`,
        { cookie: editor },
      );
      expect(page.status).toBe(200);
      slugs.push(...page.json.items.map((item: { slug: string }) => item.slug));
      after = page.json.nextCursor;
    } while (after);
    expect(slugs).toEqual([...items].reverse().map((item) => item.slug));
  });
});
