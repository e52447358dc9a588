import { asc, eq, isNull } from "drizzle-orm";
import { contentItems, forumCategories, forumTopics } from "@/db/schema";
import { MALFORMED_TEXT_MESSAGE } from "@/lib/validation";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { databaseDigest } from "../support/database-digest";
import {
  EVERY_METHOD,
  FORGED_CURSORS,
  HUGE_IDS,
  MALFORMED_ESCAPES,
  MALFORMED_STRINGS,
  QUERY_KEYS,
  someBuiltChunk,
  STACK_TRACE,
  UNPARSED_METHODS,
} from "../support/hostile";
import { call, randomIp, rawCall, signIn, type CallResult } from "../support/http";
import { apiRouteMethods, declaredPages, declaredRoutes, type DeclaredRoute } from "../support/routes";

// The alphabet of scanners and forgers (tests/support/hostile.ts: every method, NUL and lone
// surrogates, broken escapes, ids beyond the integer range, forged page links) sent to every route and
// every page, each refused once at the edge: 405 with Allow for a method a path does not serve, 400 for
// input no person types; the database exactly as it was. The routes' own handling of fast-check's
// malformed input is hostile-input.test.ts.

afterAll(closeTestDb);

const routes = declaredRoutes();
const writes = routes.filter((r) => r.method !== "GET");

const API_METHODS = apiRouteMethods();
const API_PATTERNS = Object.keys(API_METHODS);
/** A page or a route pattern with each dynamic segment filled with `value` (as it goes on the wire). */
const fillRaw = (pattern: string, value: string) => pattern.replace(/\[\[?(\.\.\.)?[^\]]+\]\]?/g, value);
const pagePatterns = declaredPages().map((page) => page.pattern);
/** What a member's browser loads beside pages: public files, build output, feeds and metadata routes. */
const FILES = [
  "/images/garden.svg",
  "/icons/icon-192.png",
  "/robots.txt",
  "/sitemap.xml",
  "/manifest.webmanifest",
  "/sw.js",
  "/blog/rss.xml",
  "/.well-known/security.txt",
];
const firstServedMethod = (pattern: string) =>
  API_METHODS[pattern]!.find((method) => method !== "OPTIONS" && method !== "HEAD")!;

/** A page's HTML names its build's chunks, so only an API answer is searched for a stack trace. */
function expectNoServerError(what: string, result: CallResult, kind: "api" | "page" = "api") {
  if (result.status >= 500 || (kind === "api" && STACK_TRACE.test(result.text)))
    throw new Error(`${what} answered ${result.status}: ${result.text.slice(0, 300)}`);
}

describe("the edge: methods, text no person types, ids and page links", () => {
  let adminCookie: string;
  let member: { id: number; cookie: string };
  let before: Record<string, string>;
  const callerFor = (route: DeclaredRoute) =>
    route.access === "SELF" ? member.cookie : route.access === "PUBLIC" ? undefined : adminCookie;
  /** The edge answers before any session is read, so a visitor is enough. */
  const asVisitor = () => ({ headers: { "x-forwarded-for": randomIp() } });

  beforeAll(async () => {
    adminCookie = await signIn(
      (await createTestUser({ isAdmin: true, permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    const user = await createTestUser({ membershipLevel: "play" });
    member = { id: user.id, cookie: await signIn(user.username, TEST_PASSWORD) };
    before = await databaseDigest();
  });

  it("knows every API route's methods, and each apiRoute declaration is among them", () => {
    expect(API_PATTERNS.length).toBeGreaterThan(100);
    for (const route of routes) expect(API_METHODS[route.pattern]).toContain(route.method);
  });

  it.each(API_PATTERNS.map((pattern) => [pattern]))(
    "%s answers a method it does not serve 405 with Allow",
    async (pattern) => {
      const allow = API_METHODS[pattern]!;
      for (const method of EVERY_METHOD.filter((m) => !allow.includes(m))) {
        const result = await rawCall(method, fillRaw(pattern, "1"), asVisitor());
        if (UNPARSED_METHODS.has(method)) {
          expect([method, result.status]).toEqual([method, 400]);
          continue;
        }
        expect([method, result.status, result.headers.get("allow")]).toEqual([method, 405, allow.join(", ")]);
      }
    },
  );

  const ONE_CLICK_PAGE = "/unsubscribe/[token]";
  it.each([...pagePatterns, ...FILES, "/_next/static/chunks/[chunk]"].map((path) => [path]))(
    "%s serves GET and HEAD, and answers every other method 405 with Allow",
    async (pattern) => {
      const path = pattern === "/_next/static/chunks/[chunk]" ? someBuiltChunk() : fillRaw(pattern, "1");
      for (const method of EVERY_METHOD) {
        const result = await rawCall(method, path, { headers: { cookie: adminCookie } });
        if (UNPARSED_METHODS.has(method)) expect([method, result.status]).toEqual([method, 400]);
        else if (method === "GET" || method === "HEAD") expectNoServerError(`${method} ${path}`, result, "page");
        // The unsubscribe page takes the one-click POST its emails announce (RFC 8058): a token it did not sign is not found.
        else if (method === "POST" && pattern === ONE_CLICK_PAGE)
          expect([method, result.status]).toEqual([method, 404]);
        else expect([method, result.status, result.headers.get("allow")]).toEqual([method, 405, "GET, HEAD"]);
      }
    },
  );

  // A Host that is not a host name is bad input (400); X-Forwarded-Host is never read.
  const MALFORMED_HOSTS = [
    "evil.example/x",
    "a b",
    "%00",
    "ev<il>",
    "[::1",
    "evil.example:99999999",
    "@",
    "\u00e9vil.example",
  ];
  it.each([...API_PATTERNS, ...pagePatterns, ...FILES].map((pattern) => [pattern]))(
    "%s answers a malformed Host 400 and ignores a malformed X-Forwarded-Host",
    async (pattern) => {
      const method = API_PATTERNS.includes(pattern) ? firstServedMethod(pattern) : "GET";
      const path = fillRaw(pattern, "1");
      for (const host of MALFORMED_HOSTS) {
        const badHost = await rawCall(method, path, { headers: { ...asVisitor().headers, host } });
        expect([host, badHost.status]).toEqual([host, 400]);
        const forwarded = await rawCall(method, path, {
          headers: { ...asVisitor().headers, "x-forwarded-host": host, "x-forwarded-proto": "gopher" },
        });
        expectNoServerError(
          `${method} ${path} with X-Forwarded-Host ${host}`,
          forwarded,
          API_PATTERNS.includes(pattern) ? "api" : "page",
        );
      }
    },
  );

  it.each(API_PATTERNS.map((pattern) => [pattern]))(
    "%s refuses a NUL, a lone surrogate or a broken escape in its address with 400",
    async (pattern) => {
      const method = firstServedMethod(pattern);
      const addresses = [
        ...MALFORMED_ESCAPES.map((escape) => `${fillRaw(pattern, "1")}?q=${escape}`),
        ...(pattern.includes("[") ? MALFORMED_ESCAPES.map((escape) => fillRaw(pattern, escape)) : []),
      ];
      for (const address of addresses) {
        const result = await rawCall(method, address, asVisitor());
        expect([address, result.status]).toEqual([address, 400]);
      }
    },
  );

  it.each(pagePatterns.map((pattern) => [pattern]))(
    "page %s refuses input no person types with 400 and ids no row has with 404",
    async (pattern) => {
      for (const escape of MALFORMED_ESCAPES) {
        const query = await rawCall("GET", `${fillRaw(pattern, "1")}?after=${escape}`, {
          headers: { cookie: adminCookie },
        });
        expect([`?after=${escape}`, query.status]).toEqual([`?after=${escape}`, 400]);
        if (!pattern.includes("[")) continue;
        const segment = await rawCall("GET", fillRaw(pattern, escape), { headers: { cookie: adminCookie } });
        expect([escape, segment.status]).toEqual([escape, 400]);
      }
      for (const value of [...HUGE_IDS, ...FORGED_CURSORS.slice(0, 8), "x".repeat(500)]) {
        const path = pattern.includes("[") ? fillRaw(pattern, encodeURIComponent(value)) : pattern;
        const query = QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join("&");
        expectNoServerError(
          `GET ${path}?${query.slice(0, 80)}`,
          await rawCall("GET", `${path}?${query}`, { headers: { cookie: adminCookie } }),
          "page",
        );
      }
    },
  );

  it.each(routes.filter((r) => r.pattern.includes("[")).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s meets ids beyond the integer range and forged values without a server error",
    async (_name, route) => {
      for (const value of [...HUGE_IDS, ...FORGED_CURSORS]) {
        const path = fillRaw(route.pattern, encodeURIComponent(value));
        const result = await call(path, {
          method: route.method,
          cookie: callerFor(route),
          rawBody: route.method === "GET" ? undefined : "{}",
          headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        });
        expectNoServerError(`${route.method} ${path}`, result);
        if (route.method !== "GET") expect(result.status).toBeGreaterThanOrEqual(400);
      }
    },
  );

  it.each(routes.filter((r) => r.reads.query).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s meets the whole alphabet in every query key without a server error",
    async (_name, route) => {
      const base =
        route.access === "SELF"
          ? route.pattern.replace(/\[id\]/, String(member.id)).replace(/\[[^\]]+\]/g, "2147483000")
          : route.pattern.replace(/\[[^\]]+\]/g, "2147483000");
      for (const value of [...HUGE_IDS, ...FORGED_CURSORS, "-1", "0", "x".repeat(5000)]) {
        const query = new URLSearchParams(QUERY_KEYS.map((key) => [key, value]));
        const result = await call(`${base}?${query}`, {
          method: route.method,
          cookie: callerFor(route),
          rawBody: route.method === "GET" ? undefined : "{}",
          headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        });
        expectNoServerError(`${route.method} ${base}?…=${value.slice(0, 40)}`, result);
      }
    },
  );

  describe.each(writes.filter((r) => r.reads.body).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s",
    (_name, route) => {
      it("refuses a NUL or a lone surrogate anywhere in its JSON body", async () => {
        const path =
          route.access === "SELF"
            ? route.pattern.replace(/\[id\]/, String(member.id)).replace(/\[[^\]]+\]/g, "2147483000")
            : route.pattern.replace(/\[[^\]]+\]/g, "2147483000");
        for (const text of MALFORMED_STRINGS) {
          for (const body of [{ title: text }, { a: { b: [{ c: `fine ${text}` }] } }, { [text]: "key" }]) {
            const result = await call(path, {
              method: route.method,
              cookie: callerFor(route),
              body,
              headers: { "x-forwarded-for": randomIp() },
            });
            expectNoServerError(`${route.method} ${path} with ${JSON.stringify(body)}`, result);
            // A route whose target is in its URL answers 404 for the missing one first (authorize).
            if (result.status !== 404)
              expect([JSON.stringify(body), result.status, result.json?.error]).toEqual([
                JSON.stringify(body),
                400,
                MALFORMED_TEXT_MESSAGE,
              ]);
          }
        }
      });
    },
  );

  describe("each hole the probes found", () => {
    let category: { id: number };
    let topicId: number;
    let itemId: number;

    beforeAll(async () => {
      [category] = (await testDb()
        .select({ id: forumCategories.id })
        .from(forumCategories)
        .where(isNull(forumCategories.requiredMembershipLevel))
        .orderBy(asc(forumCategories.id))
        .limit(1)) as [{ id: number }];
      [{ id: topicId }] = (await testDb()
        .select({ id: forumTopics.id })
        .from(forumTopics)
        .where(eq(forumTopics.categoryId, category.id))
        .limit(1)) as [{ id: number }];
      [{ id: itemId }] = (await testDb()
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(eq(contentItems.status, "published"))
        .orderBy(asc(contentItems.id))
        .limit(1)) as [{ id: number }];
    });

    const refusesMalformedText = async (what: string, send: (text: string) => Promise<CallResult>) => {
      for (const text of [
        "with a NUL \u0000 inside it, long enough for any minimum",
        "with a lone surrogate \ud800 inside it, long enough for any minimum",
      ]) {
        const result = await send(text);
        expect([what, result.status, result.json?.error]).toEqual([what, 400, MALFORMED_TEXT_MESSAGE]);
      }
    };

    it("a NUL or a lone surrogate in sign-in, contact, apply, the forum, comments, chat and the profile is 400", async () => {
      await refusesMalformedText("sign-in", (text) =>
        call("/api/auth/login", {
          body: { username: `member${text}`, password: "community-demo" },
          headers: { "x-forwarded-for": randomIp() },
        }),
      );
      await refusesMalformedText("contact", (text) =>
        call("/api/contact", {
          body: {
            name: "Nia Thompson",
            email: "nia@example.com",
            subject: "A question",
            message: `A question ${text}`,
            source: "contact",
          },
          headers: { "x-forwarded-for": randomIp() },
        }),
      );
      await refusesMalformedText("apply", (text) =>
        call("/api/applications/submit", {
          body: {
            firstName: "Nia",
            lastName: "Thompson",
            email: `nia.${Date.now()}@example.com`,
            phone: "+1 555 010 0199",
            membershipTier: "create",
            heardAbout: "A friend",
            whyJoin: `I would love to join ${text}`,
            agreeTerms: true,
          },
          headers: { "x-forwarded-for": randomIp() },
        }),
      );
      await refusesMalformedText("new topic", (text) =>
        call("/api/forum/topics", {
          cookie: member.cookie,
          body: { categoryId: category.id, title: `A title ${text}`.slice(0, 90), content: `Opening post ${text}` },
        }),
      );
      await refusesMalformedText("comment", (text) =>
        call("/api/content/comments", {
          cookie: member.cookie,
          body: { contentId: itemId, comment: `Thanks ${text}` },
        }),
      );
      await refusesMalformedText("chat", (text) =>
        call("/api/chatbot/message", {
          cookie: member.cookie,
          body: { message: `Hello ${text}`, chatHistory: [] },
          headers: { "x-forwarded-for": randomIp() },
        }),
      );
      await refusesMalformedText("profile", (text) =>
        call(`/api/users/${member.id}`, { method: "PATCH", cookie: member.cookie, body: { bio: `About me ${text}` } }),
      );
    });

    it("PATCH /api/users/{id} with nothing to change is 400", async () => {
      const result = await call(`/api/users/${member.id}`, { method: "PATCH", cookie: member.cookie, body: {} });
      expect(result.status).toBe(400);
      expect(result.json.error).toBe("Nothing to change: send at least one profile field.");
    });

    it("a NUL in every search and slug is 400, in the API and on pages", async () => {
      const addresses: [string, string | undefined][] = [
        ["/api/members?q=a%00b", member.cookie],
        ["/api/forum/search?q=ab%00cd", member.cookie],
        ["/api/content/items?search=ab%00cd", member.cookie],
        ["/api/admin/members?q=%00", adminCookie],
        ["/api/places?q=Lon%00don", member.cookie],
        ["/api/forum/topics/slug/a%00b", member.cookie],
        ["/api/content/categories/a%00b", member.cookie],
        ["/api/content/tags/a%00b", member.cookie],
        ["/api/content/items/a%00b", member.cookie],
        ["/blog/a%00b", undefined],
        ["/blog/%zz", undefined],
        ["/forum/topic/a%00b", member.cookie],
        ["/library/item/a%00b", member.cookie],
        ["/members?q=a%00b", member.cookie],
      ];
      for (const [address, cookie] of addresses)
        expect([address, (await rawCall("GET", address, { headers: cookie ? { cookie } : {} })).status]).toEqual([
          address,
          400,
        ]);
    });

    it("ids beyond PostgreSQL's integer range are 400 in the API and 404 on pages", async () => {
      const api: [string, string, string | undefined][] = [
        ["GET", "/api/events/2147483648/ics", undefined],
        ["GET", "/api/admin/members/99999999999", adminCookie],
        ["POST", "/api/admin/members/99999999999/password-reset", adminCookie],
        ["GET", "/api/applications/2147483648", adminCookie],
        ["POST", "/api/forum/posts", member.cookie],
        ["POST", "/api/forum/topics", member.cookie],
      ];
      for (const [method, address, cookie] of api) {
        const body =
          address === "/api/forum/posts"
            ? { topicId: 2147483648, content: "A reply long enough." }
            : address === "/api/forum/topics"
              ? { categoryId: 99999999999, title: "A fine title", content: "An opening post long enough to pass." }
              : undefined;
        const result = await call(address, { method, cookie, body });
        expect([address, result.status]).toEqual([address, 400]);
      }
      for (const address of ["/events/2147483648", "/admin/members/99999999999", "/admin/applications/2147483648"]) {
        expect([address, (await call(address, { cookie: adminCookie })).status]).toEqual([address, 404]);
      }
      // A profile's page is prerendered once for every id (docs/decisions/032): the call it makes refuses the id.
      expect((await call("/api/users/99999999999/profile-screen", { cookie: adminCookie })).status).toBe(400);
    });

    it("forged page links are 400 in the API and 404 on pages", async () => {
      const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const api: [string, string][] = [
        [`/api/forum/topics?after=${base64url([true, "+275760-09-13T00:00:00.000Z", 1])}`, member.cookie],
        [`/api/forum/topics?after=${base64url([true, "2026-02-30 10:00:00+00", 1])}`, member.cookie],
        [`/api/forum/topics?after=${base64url([true, "2026-01-01T00:00:00Z", 2147483648])}`, member.cookie],
        [`/api/forum/topics?after=${base64url(["x", "2026-01-01T00:00:00Z", 1])}`, member.cookie],
        [`/api/admin/members?after=${base64url(["+275760-09-13T00:00:00.000Z", 1])}`, adminCookie],
        [`/api/admin/members?after=${base64url(["2026-01-01T00:00:00.000Z", 99999999999])}`, adminCookie],
        [`/api/members?after=${base64url(["Amara", 99999999999])}`, member.cookie],
        [`/api/members?after=${base64url(["Amara\u0000", 1])}`, member.cookie],
        [`/api/messages?after=${base64url(["+275760-09-13T00:00:00.000Z", 1])}`, member.cookie],
        ["/api/notifications?after=99999999999999999999", member.cookie],
        ["/api/admin/audit?before=99999999999", adminCookie],
      ];
      for (const [address, cookie] of api)
        expect([address, (await call(address, { cookie })).status]).toEqual([address, 400]);
      const forged = base64url([true, "+275760-09-13T00:00:00.000Z", 1]);
      // Pages rendered per request refuse the link; the prerendered forum pages (docs/decisions/032) ignore
      // the address's query and their calls above refuse it.
      expect((await call(`/admin/forum?after=${forged}`, { cookie: adminCookie })).status).toBe(404);
      expect(
        (
          await call(`/api/forum/topics/${topicId}/posts?after=${base64url(["+275760-09-13T00:00:00.000Z", 1])}`, {
            cookie: adminCookie,
          })
        ).status,
      ).toBe(400);
    });

    it("TRACE and writes to static files are 405 with Allow, not 500", async () => {
      for (const [method, address, allow] of [
        ["POST", "/images/garden.svg", "GET, HEAD"],
        ["PUT", "/images/garden.svg", "GET, HEAD"],
        ["DELETE", someBuiltChunk(), "GET, HEAD"],
        ["TRACE", "/about", "GET, HEAD"],
        ["TRACE", "/forum", "GET, HEAD"],
        ["POST", "/events", "GET, HEAD"],
        ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
        ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
        ["TRACE", "/api/events", API_METHODS["/api/events"]!.join(", ")],
      ] as const) {
        const result = await rawCall(method, address);
        expect([method, address, result.status, result.headers.get("allow")]).toEqual([method, address, 405, allow]);
      }
    });
  });

  it("changed nothing in the database", async () => {
    expect(await databaseDigest()).toEqual(before);
  });
});
