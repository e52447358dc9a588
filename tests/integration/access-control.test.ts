import { closeTestDb, createTestUser, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { declaredRoutes } from "../support/routes";

afterAll(closeTestDb);

const routes = declaredRoutes();
const adminRoutes = routes.filter((r) => r.access === "ADMIN");
const memberRoutes = routes.filter((r) => r.access === "MEMBER");
const permissionRoutes = routes.filter((r) => r.access.startsWith("permission("));
const ownerRoutes = routes.filter((r) => r.access === "SELF" || r.access === "SELF_OR_ADMIN");
const guardedRoutes = routes.filter((r) => r.access !== "PUBLIC");

/**
 * A body no schema accepts (not even JSON). A call that read it before deciding who may call would
 * answer 400, and so tell a caller who may not use it what it expects (issue 10, item 6).
 */
const MALFORMED = { body: "{ not json", headers: { "content-type": "application/json" } };

async function callMalformed(route: { method: string; path: string }, cookie?: string) {
  if (route.method === "GET") return call(route.path, { cookie });
  return call(route.path, { method: route.method, cookie, rawBody: MALFORMED.body, headers: MALFORMED.headers });
}

describe("API authorization (decisions.md: Authorization is the server's job)", () => {
  let memberCookie: string;
  beforeAll(async () => {
    const member = await createTestUser({ membershipLevel: "play" });
    memberCookie = await signIn(member.username, TEST_PASSWORD);
  });

  it("finds the declared routes", () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(memberRoutes.length).toBeGreaterThan(0);
    expect(ownerRoutes.length).toBeGreaterThan(0);
    expect(routes.every((r) => ["PUBLIC", "MEMBER", "ADMIN", "SELF", "SELF_OR_ADMIN"].includes(r.access) || r.access.startsWith("permission("))).toBe(true);
  });

  it.each(guardedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s refuses a visitor with 401 before reading a malformed body", async (_name, route) => {
    const result = await callMalformed(route);
    expect(result.status).toBe(401);
    expect(result.json.error).toEqual(expect.any(String));
  });

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

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 401 JSON without a session and 403 for a member", async (_name, route) => {
    const body = route.method === "GET" ? undefined : {};
    const anonymous = await call(route.path, { method: route.method, body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/application\/json/);
    expect(anonymous.json.error).toEqual(expect.any(String));

    const asMember = await call(route.path, { method: route.method, body, cookie: memberCookie });
    expect(asMember.status).toBe(403);
    expect(asMember.json.error).toEqual(expect.any(String));
  });

  it.each(memberRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 401 JSON without a session", async (_name, route) => {
    const anonymous = await call(route.path, { method: route.method, body: route.method === "GET" ? undefined : {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toEqual(expect.any(String));
  });
});

describe("page guard (spec 02 section 2.2)", () => {
  const memberPages = ["/spiritual-profile", "/forum", "/forum/topic/welcome-start-here", "/library", "/profile", "/profile/1"];
  const adminPages = ["/admin", "/admin/applications", "/admin/payment-transactions/1", "/admin/content", "/admin/outbox"];

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
