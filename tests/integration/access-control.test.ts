import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { contentComments, contentItems, forumCategories, forumTopics } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { testEnv } from "../support/env";
import { call, signIn } from "../support/http";
import { declaredRoutes } from "../support/routes";
import { setUpTwoFactor } from "../support/two-factor";

afterAll(closeTestDb);

const routes = declaredRoutes();
const adminRoutes = routes.filter((r) => r.access === "ADMIN");
const memberRoutes = routes.filter((r) => r.access === "SIGNED_IN");
const permissionRoutes = routes.filter((r) => r.access.startsWith("permission("));
const ownerRoutes = routes.filter((r) => r.access === "SELF" || r.access === "SELF_OR_ADMIN");
const guardedRoutes = routes.filter((r) => r.access !== "PUBLIC");

/**
 * A body no schema accepts (not even JSON). A call that read it before deciding who may call would
 * answer 400, and so tell a caller who may not use it what it expects.
 */
const MALFORMED = { body: "{ not json", headers: { "content-type": "application/json" } };

async function callMalformed(route: { method: string; path: string }, cookie?: string) {
  if (route.method === "GET") return call(route.path, { cookie });
  return call(route.path, { method: route.method, cookie, rawBody: MALFORMED.body, headers: MALFORMED.headers });
}

describe("API authorization (Authorization is the server's job)", () => {
  let memberCookie: string;
  beforeAll(async () => {
    const member = await createTestUser({ membershipLevel: "play" });
    memberCookie = await signIn(member.username, TEST_PASSWORD);
  });

  it("finds the declared routes", () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(memberRoutes.length).toBeGreaterThan(0);
    expect(ownerRoutes.length).toBeGreaterThan(0);
    expect(
      routes.every(
        (r) =>
          ["PUBLIC", "SIGNED_IN", "ADMIN", "SELF", "SELF_OR_ADMIN"].includes(r.access) ||
          r.access.startsWith("permission("),
      ),
    ).toBe(true);
  });

  it.each(guardedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s refuses a visitor with 401 before reading a malformed body",
    async (_name, route) => {
      const result = await callMalformed(route);
      expect(result.status).toBe(401);
      expect(result.json.error).toEqual(expect.any(String));
    },
  );

  it.each([...adminRoutes, ...permissionRoutes, ...ownerRoutes].map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s refuses a member who may not call it with 403 before reading a malformed body",
    async (_name, route) => {
      // The path's id is 1, the first demo user, never this test's member.
      const result = await callMalformed(route, memberCookie);
      expect(result.status).toBe(403);
      expect(result.json.error).toEqual(expect.any(String));
      expect(result.json.fields).toBeUndefined();
    },
  );

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 401 JSON without a session and 403 for a member",
    async (_name, route) => {
      const body = route.method === "GET" ? undefined : {};
      const anonymous = await call(route.path, { method: route.method, body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("content-type")).toMatch(/application\/json/);
      expect(anonymous.json.error).toEqual(expect.any(String));

      const asMember = await call(route.path, { method: route.method, body, cookie: memberCookie });
      expect(asMember.status).toBe(403);
      expect(asMember.json.error).toEqual(expect.any(String));
    },
  );

  it.each(memberRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 401 JSON without a session",
    async (_name, route) => {
      const anonymous = await call(route.path, { method: route.method, body: route.method === "GET" ? undefined : {} });
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toEqual(expect.any(String));
    },
  );
});

describe("page guard", () => {
  const memberPages = [
    "/home",
    "/spiritual-profile",
    "/forum",
    "/forum/topic/welcome-start-here",
    "/library",
    "/profile",
    "/profile/1",
  ];
  const adminPages = [
    "/admin",
    "/admin/applications",
    "/admin/payment-transactions/1",
    "/admin/content",
    "/admin/outbox",
  ];

  it.each([...memberPages, ...adminPages])("sends a visitor from %s to /login with next", async (page) => {
    const result = await call(page);
    expect(result.status).toBe(307);
    expect(result.headers.get("location")).toBe(`/login?next=${encodeURIComponent(page)}`);
  });

  it.each(adminPages)("sends a member from %s to /", async (page) => {
    const member = await createTestUser();
    const result = await call(page, { cookie: await signIn(member.username, TEST_PASSWORD) });
    expect(result.status).toBe(307);
    expect(result.headers.get("location")).toBe("/");
  });

  it("lets an admin into the admin area", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const result = await call("/admin/outbox", { cookie: await signIn(admin.username, TEST_PASSWORD) });
    expect(result.status).toBe(200);
  });

  it("keeps the library's Create Content screen to holders of manage_content", async () => {
    const member = await createTestUser();
    const editor = await createTestUser({ permissions: { manage_content: true } });
    const denied = await call("/admin/content/create", { cookie: await signIn(member.username, TEST_PASSWORD) });
    expect(denied.status).toBe(307);
    expect(denied.headers.get("location")).toBe("/");
    const allowed = await call("/admin/content/create", { cookie: await signIn(editor.username, TEST_PASSWORD) });
    expect(allowed.status).not.toBe(307);
  });
});

/**
 * Admin rights need a session that passed two-factor sign-in, on every path
 * (the ADMIN routes refused her already; these paths checked `isAdmin` alone), and a password-only
 * session from before she turned two-factor on never becomes one.
 */
describe("admin rights need this session to have passed two-factor sign-in", () => {
  let her: Awaited<ReturnType<typeof createTestUser>>;
  let herFile: string;
  let playTopic: number;
  let herComment: number;
  let draftSlug: string;

  beforeAll(async () => {
    const tag = randomUUID().slice(0, 8);
    her = await createTestUser({ membershipLevel: "connect" });
    const herCookie = await signIn(her.username, TEST_PASSWORD);
    // A picture she has uploaded and not yet attached: hers alone (access "uploader").
    const { baseUrl } = testEnv();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a5" } })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${baseUrl}/api/uploads/avatar?name=me.png`, {
      method: "POST",
      headers: { origin: baseUrl, cookie: herCookie, "content-type": "application/octet-stream" },
      body: new Uint8Array(picture),
    });
    expect(uploaded.status).toBe(201);
    herFile = ((await uploaded.json()) as { url: string }).url;
    const [category] = await testDb()
      .insert(forumCategories)
      .values({
        name: `Play ${tag}`,
        slug: `play-${tag}`,
        description: "For Play members",
        requiredMembershipLevel: "play",
      })
      .returning();
    const [topic] = await testDb()
      .insert(forumTopics)
      .values({
        title: `Play circle ${tag}`,
        slug: `play-circle-${tag}`,
        content: "Only for Play members.",
        categoryId: category!.id,
        userId: her.id,
      })
      .returning();
    playTopic = topic!.id;
    const [item] = await testDb()
      .insert(contentItems)
      .values({
        title: `Open ${tag}`,
        slug: `open-${tag}`,
        summary: "Summary",
        contentType: "article",
        content: "<p>Words</p>",
        status: "published",
        publishedAt: new Date(),
      })
      .returning();
    const [comment] = await testDb()
      .insert(contentComments)
      .values({ contentId: item!.id, userId: her.id, comment: "Her comment" })
      .returning();
    herComment = comment!.id;
    draftSlug = `draft-${tag}`;
    await testDb()
      .insert(contentItems)
      .values({
        title: `Draft ${tag}`,
        slug: draftSlug,
        summary: "Summary",
        contentType: "article",
        content: "<p>Draft</p>",
        status: "draft",
      });
  });

  /** What an administrator's rights open, each as [what, status or fact]. */
  async function rightsOf(cookie: string) {
    const profile = await call(`/api/users/${her.id}`, { cookie });
    return {
      adminApi: (await call("/api/admin/members", { cookie })).status,
      privateFields: profile.status === 200 && profile.text.includes(her.email),
      uploaderOnlyFile: (await call(herFile, { cookie })).status,
      higherTierTopic: (await call(`/api/forum/topics/${playTopic}/posts`, { cookie })).status,
      libraryDraft: (await call(`/api/content/items/${draftSlug}`, { cookie })).status,
    };
  }

  it("gives an admin signed in with her password only (two-factor not set up) none of them", async () => {
    const admin = await createTestUser({ isAdmin: true, twoFactor: false, membershipLevel: null });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    expect((await call("/api/auth/me", { cookie })).json).toMatchObject({ isAdmin: true, twoFactorEnabled: false });
    expect(await rightsOf(cookie)).toEqual({
      adminApi: 403,
      privateFields: false,
      uploaderOnlyFile: 403,
      higherTierTopic: 404,
      libraryDraft: 404,
    });
    expect((await call(`/api/content/comments/${herComment}`, { method: "DELETE", cookie })).status).toBe(403);
  });

  it("gives an admin signed in with her code all of them", async () => {
    const admin = await createTestUser({ isAdmin: true, membershipLevel: null });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    expect((await call("/api/auth/me", { cookie })).json).toMatchObject({ isAdmin: true, twoFactorEnabled: true });
    expect(await rightsOf(cookie)).toEqual({
      adminApi: 200,
      privateFields: true,
      uploaderOnlyFile: 200,
      higherTierTopic: 200,
      libraryDraft: 200,
    });
  });

  it("ends a password-only session when she sets up two-factor in another, instead of making it an admin's", async () => {
    // An outside check's reproduction: sessions X and Y with her password; in X she sets up two-factor.
    const admin = await createTestUser({ isAdmin: true, twoFactor: false, membershipLevel: null });
    const x = await signIn(admin.username, TEST_PASSWORD);
    const y = await signIn(admin.username, TEST_PASSWORD);
    expect((await call("/api/admin/members", { cookie: y })).status).toBe(403);
    await setUpTwoFactor(testEnv().baseUrl, x, admin.username);
    expect((await call("/api/admin/members", { cookie: y })).status).toBe(401);
    expect((await call("/api/auth/me", { cookie: y })).status).toBe(401);
    expect(await rightsOf(y)).toEqual({
      adminApi: 401,
      privateFields: false,
      uploaderOnlyFile: 401,
      higherTierTopic: 401,
      libraryDraft: 401,
    });
    expect((await call(`/api/content/comments/${herComment}`, { method: "DELETE", cookie: y })).status).toBe(401);
    // X proved the code as she turned it on: it is an admin's session now.
    expect(await rightsOf(x)).toEqual({
      adminApi: 200,
      privateFields: true,
      uploaderOnlyFile: 200,
      higherTierTopic: 200,
      libraryDraft: 200,
    });
    expect((await call(`/api/content/comments/${herComment}`, { method: "DELETE", cookie: x })).status).toBe(200);
  });
});
