import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RANKED_MATCHES } from "@/server/full-text";
import { DATE_FORMAT } from "@/lib/format";
import { formatInZone } from "@/server/events/time";
import { blogPosts, contentItems, events, forumBlocks, forumCategories, forumPosts, forumTopics } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import type { SearchHit, SearchResults } from "@/features/search/types";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

// A word no other test or demo row holds: letters, so that every search config reads it as one word.
const word = (stem: string) =>
  `${stem}${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function member(level: TierId | null = "connect", overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: level, ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function search(query: Record<string, string>, cookie?: string): Promise<SearchResults> {
  const result = await call(`/api/search?${new URLSearchParams(query)}`, { cookie });
  expect(result.status).toBe(200);
  return result.json as SearchResults;
}

const hitsOf = (results: SearchResults, kind: SearchHit["kind"]) =>
  results.groups.find((group) => group.kind === kind)?.hits ?? [];

async function category(requiredMembershipLevel: TierId | null) {
  const slug = word("category");
  const [row] = await testDb()
    .insert(forumCategories)
    .values({ name: slug, slug, description: "A search test category", requiredMembershipLevel })
    .returning();
  return row!;
}

async function topic(categoryId: number, userId: number, title: string, content = "An opening post.") {
  const [row] = await testDb()
    .insert(forumTopics)
    .values({ title, slug: word("topic"), content, categoryId, userId })
    .returning();
  return row!;
}

describe("GET /api/search", () => {
  it("refuses a search without words and a page link without a kind", async () => {
    expect((await call("/api/search?q=")).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(["0.1", 5])).toString("base64url");
    expect((await call(`/api/search?q=tea&after=${forged}`)).status).toBe(400);
    expect((await call(`/api/search?q=tea&kind=forum&after=${forged}`)).status).toBe(200);
  });

  it("never finds a topic of a category above her tier, by its title or its replies", async () => {
    const secret = word("moonstone");
    const empowerOnly = await category("empower");
    const author = await member("empower");
    const closed = await topic(empowerOnly.id, author.user.id, `Empower circle ${secret}`);
    await testDb()
      .insert(forumPosts)
      .values({ topicId: closed.id, userId: author.user.id, content: `A reply about ${secret}rose` });
    const connect = await member("connect");

    expect(hitsOf(await search({ q: `Empower circle ${secret}` }, connect.cookie), "forum")).toEqual([]);
    expect(hitsOf(await search({ q: `${secret}rose`, kind: "forum" }, connect.cookie), "forum")).toEqual([]);
    const found = hitsOf(await search({ q: `Empower circle ${secret}` }, author.cookie), "forum");
    expect(found.map((hit) => hit.id)).toEqual([closed.id]);
    // A reply's match opens the topic at that reply; typing the first letters finds it.
    const byReply = hitsOf(await search({ q: `${secret}ro` }, author.cookie), "forum");
    expect(byReply[0]?.href).toMatch(new RegExp(`^/forum/topic/${closed.slug}#post-\\d+$`));
  });

  it("ranks a common word among what she may read: a higher tier's thousand matches hide none of hers", async () => {
    const common = word("lantern");
    const empowerOnly = await category("empower");
    const author = await member("empower");
    // More matching topics and replies above her tier than a search ranks of each (RANKED_MATCHES), written first.
    await testDb().execute(sql`
      insert into forum_topics (title, slug, content, category_id, user_id)
      select 'Empower ' || ${common} || ' ' || g, ${common} || '-' || g, 'An opening post.', ${empowerOnly.id}, ${author.user.id}
      from generate_series(1, ${RANKED_MATCHES + 1}) g`);
    const [closed] = await testDb()
      .select()
      .from(forumTopics)
      .where(eq(forumTopics.slug, `${common}-1`));
    await testDb().execute(sql`
      insert into forum_posts (topic_id, user_id, content)
      select ${closed!.id}, ${author.user.id}, 'A reply on ' || ${common} from generate_series(1, ${RANKED_MATCHES + 1})`);
    const open = await category(null);
    const asker = await member("connect");
    const hers = await topic(open.id, asker.user.id, `Open circle ${common}`);
    const [reply] = await testDb()
      .insert(forumPosts)
      .values({
        topicId: (await topic(open.id, asker.user.id, "A quiet topic")).id,
        userId: asker.user.id,
        content: `My ${common}`,
      })
      .returning();

    const found = hitsOf(await search({ q: common, kind: "forum", limit: "10" }, asker.cookie), "forum");
    const hrefs = found.map((hit) => hit.href);
    expect(hrefs).toHaveLength(2);
    expect(hrefs).toContain(`/forum/topic/${hers.slug}`);
    expect(hrefs.filter((href) => href.endsWith(`#post-${reply!.id}`))).toHaveLength(1);
  });

  it("finds neither what a member she blocked wrote nor a member either of them blocked", async () => {
    const secret = word("lapis");
    const open = await category(null);
    const blocker = await member("create");
    const blocked = await member("create", { firstName: `Blocked${secret}` });
    const other = await member("create", { firstName: `Other${secret}` });
    await topic(open.id, blocked.user.id, `Blocked one's topic ${secret}`);
    const kept = await topic(open.id, other.user.id, `Another topic ${secret}`);
    await testDb().insert(forumBlocks).values({ blockerId: blocker.user.id, blockedId: blocked.user.id });

    const seen = await search({ q: secret }, blocker.cookie);
    expect(hitsOf(seen, "forum").map((hit) => hit.id)).toEqual([kept.id]);
    expect((await search({ q: `blocked${secret}` }, blocker.cookie)).groups).toEqual([]);
    // Nor does the member she blocked find her.
    const blockerName = blocker.user.firstName;
    expect(
      hitsOf(
        await search({ q: `${blockerName} ${blocker.user.lastName}`, kind: "members" }, blocked.cookie),
        "members",
      ),
    ).toEqual([]);
    expect(
      hitsOf(
        await search({ q: `${blockerName} ${blocker.user.lastName}`, kind: "members" }, other.cookie),
        "members",
      ).map((hit) => hit.id),
    ).toEqual([blocker.user.id]);
  });

  it("never finds a member who hides herself from the directory, nor one whose account is disabled", async () => {
    const secret = word("opal");
    const shown = await member("connect", { firstName: `Shown${secret}`, lastName: secret });
    await createTestUser({ firstName: `Hidden${secret}`, lastName: secret, hiddenFromDirectory: true });
    await createTestUser({ firstName: `Gone${secret}`, lastName: secret, disabledAt: new Date() });
    const asker = await member("connect");
    const found = hitsOf(await search({ q: secret, kind: "members" }, asker.cookie), "members");
    expect(found.map((hit) => hit.id)).toEqual([shown.user.id]);
    expect(found[0]).toMatchObject({ href: `/profile/${shown.user.id}` });
  });

  it("answers a visitor with what she may open: public events, the blog, the pages and the library's teasers", async () => {
    const secret = word("garnet");
    const [publicEvent, membersEvent] = await testDb()
      .insert(events)
      .values(
        (["public", "members"] as const).map((accessType) => ({
          source: "internal",
          title: `${accessType} gathering ${secret}`,
          description: "An evening together.",
          startsAt: new Date(Date.now() + 7 * 86_400_000),
          timezone: "Europe/London",
          accessType,
          type: accessType,
        })),
      )
      .returning();
    const [post] = await testDb()
      .insert(blogPosts)
      .values({
        slug: word("post"),
        title: `Notes on ${secret}`,
        excerpt: "A short read.",
        body: "Words.",
        authorName: "The team",
        category: "Community",
        status: "published",
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const bodyWord = word("quartz");
    const [item] = await testDb()
      .insert(contentItems)
      .values({
        title: `Guide to ${secret}`,
        slug: word("item"),
        summary: "A members' guide.",
        contentType: "article",
        content: `<p>The body speaks of ${bodyWord}.</p>`,
        status: "published",
        publishedAt: new Date(),
        isPublic: false,
        requiredMembershipLevel: "play",
      })
      .returning();
    const open = await category(null);
    const writer = await member("connect", { firstName: "Writer", lastName: secret });
    await topic(open.id, writer.user.id, `Topic on ${secret}`);

    const visitor = await search({ q: secret });
    expect(hitsOf(visitor, "events").map((hit) => hit.id)).toEqual([publicEvent!.id]);
    // Its day as every date on the site reads, in the event's own time zone.
    expect(hitsOf(visitor, "events")[0]!.detail).toBe(
      formatInZone(publicEvent!.startsAt, publicEvent!.timezone, DATE_FORMAT),
    );
    expect(hitsOf(visitor, "blog").map((hit) => hit.href)).toEqual([`/blog/${post!.slug}`]);
    expect(hitsOf(visitor, "library")).toEqual([expect.objectContaining({ id: item!.id, locked: true })]);
    expect(hitsOf(visitor, "forum")).toEqual([]);
    expect(hitsOf(visitor, "members")).toEqual([]);
    // A teaser is found by its title, tags and summary, never by a word of its body.
    expect((await search({ q: bodyWord })).groups).toEqual([]);
    // The site's pages: the FAQ's answers among them.
    expect(hitsOf(await search({ q: "free trial", kind: "pages" }), "pages")).toContainEqual(
      expect.objectContaining({ href: "/faq" }),
    );

    const connect = await member("connect");
    const signedIn = await search({ q: secret }, connect.cookie);
    expect(
      hitsOf(signedIn, "events")
        .map((hit) => hit.id)
        .sort(),
    ).toEqual([publicEvent!.id, membersEvent!.id].sort());
    expect(hitsOf(signedIn, "forum")).toHaveLength(1);
    expect(hitsOf(signedIn, "members").map((hit) => hit.id)).toEqual([writer.user.id]);
    // Her tier does not open the item: a teaser still, found by its title only.
    expect(hitsOf(signedIn, "library")).toEqual([expect.objectContaining({ id: item!.id, locked: true })]);
    expect((await search({ q: bodyWord }, connect.cookie)).groups).toEqual([]);
    const player = await member("play");
    expect(hitsOf(await search({ q: bodyWord }, player.cookie), "library")).toEqual([
      expect.objectContaining({ id: item!.id, locked: false }),
    ]);
  });

  it("pages one kind with keyset links, every result once", async () => {
    const secret = word("amber");
    const open = await category(null);
    const asker = await member("connect");
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await topic(open.id, asker.user.id, `Amber ${i} ${secret}`));
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const results: SearchResults = await search(
        { q: secret, kind: "forum", limit: "2", ...(after ? { after } : {}) },
        asker.cookie,
      );
      const [group] = results.groups;
      seen.push(...group!.hits.map((hit) => hit.id));
      after = group!.next;
      pages++;
    } while (after && pages < 5);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(made.map((row) => row.id).sort());
  });
});
