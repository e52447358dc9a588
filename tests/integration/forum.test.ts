import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, emailOutbox, forumCategories, forumPosts, forumTopics } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

const tag = () => randomUUID().slice(0, 8);

async function member(level: TierId | null = "connect", overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: level, ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function category(
  requiredMembershipLevel: TierId | null = null,
  overrides: Partial<typeof forumCategories.$inferInsert> = {},
) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumCategories)
    .values({
      name: `Category ${t}`,
      slug: `category-${t}`,
      description: "A test category",
      requiredMembershipLevel,
      ...overrides,
    })
    .returning();
  return row!;
}

async function topic(categoryId: number, userId: number, overrides: Partial<typeof forumTopics.$inferInsert> = {}) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Topic ${t}`,
      slug: `topic-${t}`,
      content: `The opening post of topic ${t}.`,
      categoryId,
      userId,
      ...overrides,
    })
    .returning();
  return row!;
}

async function reply(topicId: number, userId: number, content = `A reply ${tag()}`) {
  const [row] = await testDb().insert(forumPosts).values({ topicId, userId, content }).returning();
  return row!;
}

const post = (path: string, cookie: string, body: unknown, method = "POST") => call(path, { method, cookie, body });

describe("tier gating on every forum call", () => {
  let playOnly: Awaited<ReturnType<typeof category>>;
  let closedTopic: Awaited<ReturnType<typeof topic>>;
  let closedReply: Awaited<ReturnType<typeof reply>>;
  let below: Awaited<ReturnType<typeof member>>;
  let player: Awaited<ReturnType<typeof member>>;
  let admin: Awaited<ReturnType<typeof member>>;
  const secret = `moonstone${tag()}`;

  beforeAll(async () => {
    below = await member("create");
    player = await member("play");
    admin = await member(null, { isAdmin: true });
    playOnly = await category("play");
    closedTopic = await topic(playOnly.id, player.user.id, { title: `Closed circle ${secret}` });
    closedReply = await reply(closedTopic.id, player.user.id, `Only for play members: ${secret}`);
  });

  const calls = () =>
    [
      ["GET /api/forum/topics/slug/{slug}", () => ({ path: `/api/forum/topics/slug/${closedTopic.slug}` })],
      ["GET /api/forum/topics/{id}/posts", () => ({ path: `/api/forum/topics/${closedTopic.id}/posts` })],
      [
        "POST /api/forum/topics/{id}/view",
        () => ({ path: `/api/forum/topics/${closedTopic.id}/view`, method: "POST", body: {} }),
      ],
      [
        "POST /api/forum/posts",
        () => ({ path: "/api/forum/posts", method: "POST", body: { topicId: closedTopic.id, content: "x" } }),
      ],
      [
        "POST /api/forum/reactions",
        () => ({
          path: "/api/forum/reactions",
          method: "POST",
          body: { postId: closedReply.id, reactionType: "nope" },
        }),
      ],
      [
        "POST /api/forum/posts/{id}/report",
        () => ({ path: `/api/forum/posts/${closedReply.id}/report`, method: "POST", body: {} }),
      ],
      [
        "POST /api/forum/topics",
        () => ({ path: "/api/forum/topics", method: "POST", body: { categoryId: playOnly.id, title: "x" } }),
      ],
    ] as const;

  it("answers a visitor 401 and a member below the level 404 without the content, even for an invalid body", async () => {
    for (const [name, make] of calls()) {
      const request = make() as { path: string; method?: string; body?: unknown };
      const visitor = await call(request.path, { method: request.method, body: request.body });
      expect([name, visitor.status]).toEqual([name, 401]);
      const result = await call(request.path, { method: request.method, body: request.body, cookie: below.cookie });
      expect([name, result.status]).toEqual([name, 404]);
      expect(result.json.fields).toBeUndefined();
      expect(result.text).not.toContain(secret);
    }
  });

  it("lists the category to her locked (what it holds, never a topic) and leaves it out of topic lists and search", async () => {
    const categories = await call("/api/forum/categories", { cookie: below.cookie });
    expect(categories.status).toBe(200);
    expect(categories.json.find((c: { id: number }) => c.id === playOnly.id)).toEqual(
      expect.objectContaining({
        name: playOnly.name,
        description: playOnly.description,
        requiredMembershipLevel: "play",
        topicCount: 1,
        locked: true,
      }),
    );
    expect(categories.text).not.toContain(secret);
    expect(categories.json.filter((c: { locked: boolean }) => !c.locked).length).toBeGreaterThan(0);
    const listed = await call(`/api/forum/topics?categoryId=${playOnly.id}`, { cookie: below.cookie });
    expect(listed.json.topics).toEqual([]);
    const search = await call(`/api/forum/search?q=${secret}`, { cookie: below.cookie });
    expect(search.status).toBe(200);
    expect(search.json).toEqual([]);
  });

  it("opens everything to a member of the level and to an admin", async () => {
    for (const who of [player, admin]) {
      expect(
        (await call("/api/forum/categories", { cookie: who.cookie })).json.find(
          (c: { id: number }) => c.id === playOnly.id,
        ),
      ).toEqual(expect.objectContaining({ locked: false }));
      const bySlug = await call(`/api/forum/topics/slug/${closedTopic.slug}`, { cookie: who.cookie });
      expect(bySlug.status).toBe(200);
      expect(bySlug.json).toEqual(
        expect.objectContaining({
          id: closedTopic.id,
          title: closedTopic.title,
          user: expect.objectContaining({ firstName: "Test" }),
        }),
      );
      const posts = await call(`/api/forum/topics/${closedTopic.id}/posts`, { cookie: who.cookie });
      expect(posts.json.posts.map((p: { content: string }) => p.content)).toEqual([closedReply.content]);
      const search = await call(`/api/forum/search?q=${secret}`, { cookie: who.cookie });
      expect(search.json.map((hit: { id: number }) => hit.id)).toEqual([closedTopic.id]);
    }
  });
});

describe("topics", () => {
  it("validates with the spec's messages, generates the slug from the title and keeps slugs unique", async () => {
    const { cookie } = await member();
    const open = await category();
    const invalid = await post("/api/forum/topics", cookie, {
      categoryId: open.id,
      title: "Hey",
      content: "short",
      slug: "Bad Slug",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields).toEqual({
      title: "Title must be at least 5 characters",
      content: "Content must be at least 20 characters",
      slug: "Slug can only contain lowercase letters, numbers, and hyphens",
    });
    expect(
      (await post("/api/forum/topics", cookie, { title: "Hello there", content: "c".repeat(20) })).json.fields,
    ).toEqual({ categoryId: "Please select a category" });

    const title = `What's   new -- in ${tag()}?`;
    const first = await post("/api/forum/topics", cookie, {
      categoryId: open.id,
      title,
      content: "Tell us what is new with you this week.",
      slug: "",
    });
    expect(first.status).toBe(201);
    expect(first.json.slug).toBe(
      title
        .toLowerCase()
        .replace(/[^a-z0-9\s-]/g, "")
        .trim()
        .replace(/\s+/g, "-")
        .replace(/-+/g, "-"),
    );
    const second = await post("/api/forum/topics", cookie, {
      categoryId: open.id,
      title,
      content: "Tell us what is new with you this week.",
    });
    expect(second.json.slug).toBe(`${first.json.slug}-2`);
    const taken = await post("/api/forum/topics", cookie, {
      categoryId: open.id,
      title,
      content: "Tell us what is new with you this week.",
      slug: first.json.slug,
    });
    expect(taken.status).toBe(409);
    expect(taken.json.fields).toEqual({ slug: "That URL slug is already in use." });
  });

  it("pages by keyset, pinned first then newest activity, without repeats", async () => {
    const { user, cookie } = await member();
    const open = await category();
    const base = Date.now() - 3600_000;
    for (let i = 0; i < 24; i++)
      await topic(open.id, user.id, { lastPostAt: new Date(base + i * 1000), isPinned: i === 3 });
    const first = await call(`/api/forum/topics?categoryId=${open.id}`, { cookie });
    expect(first.json.topics).toHaveLength(20);
    expect(first.json.topics[0].isPinned).toBe(true);
    expect(first.json.topics[0].user).toEqual(expect.objectContaining({ firstName: "Test", lastName: user.lastName }));
    const second = await call(`/api/forum/topics?categoryId=${open.id}&after=${first.json.nextCursor}`, { cookie });
    expect(second.json.topics).toHaveLength(4);
    expect(second.json.nextCursor).toBeNull();
    const all = [...first.json.topics, ...second.json.topics];
    expect(new Set(all.map((t: { id: number }) => t.id)).size).toBe(24);
    const unpinned = all.slice(1).map((t: { lastPostAt: string }) => t.lastPostAt);
    expect(unpinned).toEqual([...unpinned].sort().reverse());
    expect((await call(`/api/forum/topics?after=garbage`, { cookie })).status).toBe(400);
  });

  it("counts a view once per member per hour", async () => {
    const { user, cookie } = await member();
    const row = await topic((await category()).id, user.id);
    const once = await post(`/api/forum/topics/${row.id}/view`, cookie, {});
    expect(once.json).toEqual({ views: 1, counted: true });
    expect((await post(`/api/forum/topics/${row.id}/view`, cookie, {})).json).toEqual({ views: 1, counted: false });
    const other = await member();
    expect((await post(`/api/forum/topics/${row.id}/view`, other.cookie, {})).json).toEqual({
      views: 2,
      counted: true,
    });
  });
});

describe("replies and reactions", () => {
  it("replies, edits and deletes only her own, and a locked topic refuses replies", async () => {
    const author = await member();
    const other = await member();
    const open = await category();
    const row = await topic(open.id, author.user.id);
    expect((await post("/api/forum/posts", other.cookie, { topicId: row.id, content: "hi" })).json.fields).toEqual({
      content: "Post content must be at least 5 characters",
    });
    const created = await post("/api/forum/posts", other.cookie, { topicId: row.id, content: "What a lovely idea." });
    expect(created.status).toBe(201);
    expect(created.json).toEqual(expect.objectContaining({ topicId: row.id, userId: other.user.id, isEdited: false }));

    expect(
      (await post(`/api/forum/posts/${created.json.id}`, author.cookie, { content: "Hijacked reply" }, "PATCH")).status,
    ).toBe(403);
    const edited = await post(
      `/api/forum/posts/${created.json.id}`,
      other.cookie,
      { content: "What a lovely idea, truly." },
      "PATCH",
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toEqual(
      expect.objectContaining({ isEdited: true, editedAt: expect.any(String), content: "What a lovely idea, truly." }),
    );
    const listed = await call(`/api/forum/topics/${row.id}/posts`, { cookie: author.cookie });
    expect(listed.json.posts[0]).toEqual(
      expect.objectContaining({ isEdited: true, user: expect.objectContaining({ id: other.user.id }) }),
    );

    expect(
      (await call(`/api/forum/posts/${created.json.id}`, { method: "DELETE", cookie: author.cookie })).status,
    ).toBe(403);
    expect((await call(`/api/forum/posts/${created.json.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(
      200,
    );
    expect((await call(`/api/forum/topics/${row.id}/posts`, { cookie: author.cookie })).json.posts).toEqual([]);

    const locked = await topic(open.id, author.user.id, { isLocked: true });
    const refused = await post("/api/forum/posts", other.cookie, { topicId: locked.id, content: "Can I still reply?" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("This topic is locked. No new replies can be added.");
    expect(
      (await post("/api/forum/posts", other.cookie, { topicId: 2_000_000_000, content: "Anyone here at all?" })).status,
    ).toBe(404);
  });

  it("toggles one reaction of each kind per member per post", async () => {
    const a = await member();
    const b = await member();
    const row = await topic((await category()).id, a.user.id);
    const target = await reply(row.id, a.user.id);
    const on = await post("/api/forum/reactions", b.cookie, { postId: target.id, reactionType: "heart" });
    expect(on.json).toEqual(
      expect.objectContaining({
        active: true,
        reactions: expect.objectContaining({ heart: { count: 1, mine: true }, like: { count: 0, mine: false } }),
      }),
    );
    await post("/api/forum/reactions", a.cookie, { postId: target.id, reactionType: "heart" });
    const off = await post("/api/forum/reactions", b.cookie, { postId: target.id, reactionType: "heart" });
    expect(off.json).toEqual(
      expect.objectContaining({
        active: false,
        reactions: expect.objectContaining({ heart: { count: 1, mine: false } }),
      }),
    );
    expect((await post("/api/forum/reactions", b.cookie, { postId: target.id, reactionType: "angry" })).status).toBe(
      400,
    );
  });

  it("lets a new member post 10 times in 10 minutes, then answers 429 with the time to wait", async () => {
    const { user, cookie } = await member();
    const row = await topic((await category()).id, user.id);
    for (let i = 0; i < 10; i++)
      expect((await post("/api/forum/posts", cookie, { topicId: row.id, content: `Reply number ${i}` })).status).toBe(
        201,
      );
    const limited = await post("/api/forum/posts", cookie, { topicId: row.id, content: "One more reply" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(limited.json.error).toMatch(
      /^You are posting too often\. Please wait (9|10) minutes before posting again\.$/,
    );
    const veteran = await member("connect", { createdAt: new Date(Date.now() - 90 * 86_400_000) });
    for (let i = 0; i < 11; i++)
      expect(
        (await post("/api/forum/posts", veteran.cookie, { topicId: row.id, content: `Veteran reply ${i}` })).status,
      ).toBe(201);
  });
});

describe("Markdown without raw HTML, cooked once on write", () => {
  it("cooks a post when written: <script> and raw HTML left out, javascript: links inert, rel nofollow ugc noopener on links", async () => {
    const { cookie } = await member();
    const open = await category();
    const created = await post("/api/forum/topics", cookie, {
      categoryId: open.id,
      title: `Markdown check ${tag()}`,
      content:
        "Hello <script>window.pwned=1</script> and [click me](javascript:alert(1)) and [a site](https://example.com/page).\n\n<img src=x onerror=alert(2)>",
    });
    expect(created.status).toBe(201);
    const [stored] = await testDb().select().from(forumTopics).where(eq(forumTopics.id, created.json.id));
    // The tags are left out and their text stays text, as react-markdown's skipHtml did on every view.
    expect(stored!.contentHtml).toBe(
      '<p>Hello window.pwned=1 and <a rel="nofollow ugc noopener">click me</a> and <a href="https://example.com/page" rel="nofollow ugc noopener">a site</a>.</p>',
    );
    const shown = await call(`/api/forum/topics/slug/${created.json.slug}`, { cookie });
    expect(shown.json.html).toBe(stored!.contentHtml);
    expect(shown.json.html).not.toMatch(/<script|javascript:|onerror/i);
  });

  it("cooks a reply again when she edits it", async () => {
    const { user, cookie } = await member();
    const row = await topic((await category()).id, user.id);
    const reply = await post("/api/forum/posts", cookie, { topicId: row.id, content: "First *draft*" });
    expect(reply.status).toBe(201);
    const replies = async () =>
      (await call(`/api/forum/topics/${row.id}/posts`, { cookie })).json.posts as { id: number; html: string }[];
    expect((await replies()).find((p) => p.id === reply.json.id)!.html).toBe("<p>First <em>draft</em></p>");
    const edited = await call(`/api/forum/posts/${reply.json.id}`, {
      method: "PATCH",
      body: { content: "Second **draft**" },
      cookie,
    });
    expect(edited.status).toBe(200);
    const [stored] = await testDb().select().from(forumPosts).where(eq(forumPosts.id, reply.json.id));
    expect(stored!.contentHtml).toBe("<p>Second <strong>draft</strong></p>");
    expect((await replies()).find((p) => p.id === reply.json.id)!.html).toBe("<p>Second <strong>draft</strong></p>");
  });

  it("cooks posts written before posts were cooked: by the backfill, and any not reached yet when read", async () => {
    const { user, cookie } = await member();
    const row = await topic((await category()).id, user.id);
    const [older] = await testDb()
      .insert(forumPosts)
      .values({ topicId: row.id, userId: user.id, content: "From an *older* version" })
      .returning();
    expect(older!.contentHtml).toBeNull();
    const read = (await call(`/api/forum/topics/${row.id}/posts`, { cookie })).json.posts as {
      id: number;
      html: string;
    }[];
    expect(read.find((p) => p.id === older!.id)!.html).toBe("<p>From an <em>older</em> version</p>");

    const { cookPendingForumPosts } = await import("@/db/backfill-cooked-posts");
    expect(await cookPendingForumPosts(testDb())).toBeGreaterThanOrEqual(1);
    const [cooked] = await testDb().select().from(forumPosts).where(eq(forumPosts.id, older!.id));
    expect(cooked!.contentHtml).toBe("<p>From an <em>older</em> version</p>");
    expect(await cookPendingForumPosts(testDb())).toBe(0);
  });
});

describe("moderation", () => {
  it("hides a reply reported by three members until an admin restores it, audit-logged", async () => {
    const author = await member();
    const row = await topic((await category()).id, author.user.id);
    const target = await reply(row.id, author.user.id);
    const reporters = await Promise.all([member(), member(), member()]);
    expect((await post(`/api/forum/posts/${target.id}/report`, author.cookie, { reason: "My own post" })).status).toBe(
      400,
    );
    expect(
      (await post(`/api/forum/posts/${target.id}/report`, reporters[0].cookie, { reason: "x" })).json.fields,
    ).toEqual({ reason: "Please tell us what is wrong (at least 5 characters)" });
    for (const [i, r] of reporters.entries()) {
      const result = await post(`/api/forum/posts/${target.id}/report`, r.cookie, {
        reason: "Unkind to another member",
      });
      expect(result.json).toEqual({ reported: true, hidden: i === 2 });
    }
    expect(
      (await post(`/api/forum/posts/${target.id}/report`, reporters[0].cookie, { reason: "Again and again" })).status,
    ).toBe(404);
    expect((await call(`/api/forum/topics/${row.id}/posts`, { cookie: author.cookie })).json.posts).toEqual([]);

    const admin = await member(null, { isAdmin: true });
    const queue = await call("/api/admin/forum/reports", { cookie: admin.cookie });
    expect(queue.json.find((item: { postId: number }) => item.postId === target.id)).toEqual(
      expect.objectContaining({ status: "hidden", reportCount: 3 }),
    );
    const restored = await post(`/api/admin/forum/posts/${target.id}/moderation`, admin.cookie, {
      decision: "restore",
      note: "Reviewed: no rule broken.",
    });
    expect(restored.json).toEqual({ postId: target.id, status: "visible" });
    expect(
      (await call(`/api/forum/topics/${row.id}/posts`, { cookie: author.cookie })).json.posts.map(
        (p: { id: number }) => p.id,
      ),
    ).toEqual([target.id]);
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "forum_post"), eq(auditLog.entityId, String(target.id))));
    expect(audit).toEqual(expect.objectContaining({ action: "forum.post.restore", actorId: admin.user.id }));
    const [note] = await testDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, author.user.email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(note?.text).toContain("Reviewed: no rule broken.");
  });

  it("hides a blocked member's posts from the blocker, and neither can reply to the other", async () => {
    const a = await member();
    const b = await member();
    const open = await category();
    const byA = await topic(open.id, a.user.id);
    const byB = await topic(open.id, b.user.id);
    const bReply = await reply(byA.id, b.user.id);
    expect((await post("/api/forum/blocks", a.cookie, { userId: b.user.id })).json).toEqual({
      blocked: true,
      userId: b.user.id,
    });
    expect(
      (await call(`/api/forum/topics/${byA.id}/posts`, { cookie: a.cookie })).json.posts.map(
        (p: { id: number }) => p.id,
      ),
    ).not.toContain(bReply.id);
    expect(
      (await call(`/api/forum/topics?categoryId=${open.id}`, { cookie: a.cookie })).json.topics.map(
        (t: { id: number }) => t.id,
      ),
    ).toEqual([byA.id]);
    expect((await call(`/api/forum/topics/slug/${byB.slug}`, { cookie: a.cookie })).status).toBe(404);
    expect(
      (await post("/api/forum/posts", b.cookie, { topicId: byA.id, content: "Replying to her anyway" })).status,
    ).toBe(403);
    expect(
      (await post("/api/forum/posts", a.cookie, { topicId: byB.id, content: "Replying to her anyway" })).status,
    ).toBe(403);
    expect((await call("/api/forum/blocks", { cookie: a.cookie })).json.map((m: { id: number }) => m.id)).toEqual([
      b.user.id,
    ]);
    await call(`/api/forum/blocks/${b.user.id}`, { method: "DELETE", cookie: a.cookie });
    expect(
      (await post("/api/forum/posts", b.cookie, { topicId: byA.id, content: "Friends again, hello" })).status,
    ).toBe(201);
  });
});

describe("/admin/forum management", () => {
  it("creates, edits, reorders, archives and deletes categories; pins, locks, moves and deletes topics; all audit-logged", async () => {
    const admin = await member(null, { isAdmin: true });
    const t = tag();
    const createdCategory = await post("/api/admin/forum/categories", admin.cookie, {
      name: `Admin ${t}`,
      slug: `admin-${t}`,
      description: "Made by a test",
      icon: "sparkles",
      color: "#aa3366",
      isPrivate: true,
      requiredMembershipLevel: "empower",
    });
    expect(createdCategory.status).toBe(201);
    const id = createdCategory.json.id as number;
    expect((await post("/api/admin/forum/categories", admin.cookie, { name: "Dup", slug: `admin-${t}` })).status).toBe(
      409,
    );
    const edited = await post(
      `/api/admin/forum/categories/${id}`,
      admin.cookie,
      { color: "#112233", requiredMembershipLevel: null },
      "PATCH",
    );
    expect(edited.json).toEqual(
      expect.objectContaining({ color: "#112233", requiredMembershipLevel: null, isPrivate: true }),
    );

    const all = (await call("/api/admin/forum/categories", { cookie: admin.cookie })).json as { id: number }[];
    const reordered = [id, ...all.map((c) => c.id).filter((x) => x !== id)];
    const order = await post("/api/admin/forum/categories/order", admin.cookie, { ids: reordered }, "PUT");
    expect(order.json.map((c: { id: number }) => c.id)).toEqual(reordered);

    const author = await member();
    const row = await topic(id, author.user.id);
    expect((await call(`/api/admin/forum/categories/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(
      409,
    );
    expect(
      (await post(`/api/admin/forum/categories/${id}`, admin.cookie, { archived: true }, "PATCH")).json.archivedAt,
    ).toEqual(expect.any(String));
    expect(
      (await post("/api/forum/posts", author.cookie, { topicId: row.id, content: "Into the archive?" })).status,
    ).toBe(403);

    expect(
      (await post(`/api/admin/forum/topics/${row.id}`, admin.cookie, { isPinned: true }, "PATCH")).json.isPinned,
    ).toBe(true);
    expect(
      (await post(`/api/admin/forum/topics/${row.id}`, admin.cookie, { isLocked: true }, "PATCH")).json.isLocked,
    ).toBe(true);
    const target = await category();
    expect(
      (await post(`/api/admin/forum/topics/${row.id}`, admin.cookie, { categoryId: target.id }, "PATCH")).json
        .categoryId,
    ).toBe(target.id);
    expect((await call(`/api/admin/forum/topics/${row.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(
      200,
    );
    expect((await call(`/api/admin/forum/categories/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(
      200,
    );

    const actions = (
      await testDb()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, admin.user.id))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual([
      "forum.category.create",
      "forum.category.update",
      "forum.category.reorder",
      "forum.category.archive",
      "forum.topic.pin",
      "forum.topic.lock",
      "forum.topic.move",
      "forum.topic.delete",
      "forum.category.delete",
    ]);
  });
});
