import { closeTestDb, createTestUser, TEST_PASSWORD } from "../support/db";
import { call, randomIp, signIn, type CallResult } from "../support/http";
import { declaredRoutes, type DeclaredRoute } from "../support/routes";

// Every call answers with the spec's field messages or plain ones of ours, never the
// validator's own text ("Invalid input: expected string, received undefined"). Every route declared
// with apiRoute, found in the source, is sent an empty body, a body that is not an object, its required
// fields with the wrong types, a wrongly typed query and an id that is not one, as someone it lets in;
// every message in every answer is read.

afterAll(closeTestDb);

/** zod v4's English messages (node_modules/zod/v4/locales/en.js) and the wording around them. */
const VALIDATOR_WORDING =
  /Invalid input|Invalid option|expected [a-z|]+(, received| to (be|have))|received (NaN|undefined|null)|Too (small|big)|Invalid (string|number|email|url|uuid|date|datetime|key|element|discriminator|format|value|type)|Unrecognized key|must match pattern|Invalid value in/i;

const routes = declaredRoutes();
const SAMPLE_ID = "2147483000";

/**
 * Values of the wrong type for almost any field, one request each. Never `[]`, `true` or `""`: with
 * every required field set to one of those, a body can be valid (four empty page lists are a whole
 * content editor save), and this test must not write.
 */
const WRONG_TYPES: unknown[] = [1e300, [{}], { nested: [{}] }];

const WRONG_QUERY = new URLSearchParams({
  limit: "many",
  offset: "-x",
  page: "first",
  after: "@@",
  before: "@@",
  categoryId: "abc",
  contentId: "abc",
  month: "June",
  status: "?",
  tier: "?",
  type: "?",
  kind: "?",
  period: "?",
  from: "yesterday",
  to: "tomorrow",
  mentors: "maybe",
  unread: "maybe",
  token: "x",
  q: "x",
  search: "x".repeat(500),
});

const messagesOf = (result: CallResult): string[] =>
  [result.json?.error, ...Object.values((result.json?.fields as Record<string, unknown> | undefined) ?? {})].filter(
    (m): m is string => typeof m === "string",
  );

describe("validation messages a person can read", () => {
  const callers = { admin: "", member: { id: 0, cookie: "" } };

  async function newAdmin() {
    callers.admin = await signIn(
      (await createTestUser({ isAdmin: true, permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
  }
  async function newMember() {
    const user = await createTestUser({ membershipLevel: "play" });
    callers.member = { id: user.id, cookie: await signIn(user.username, TEST_PASSWORD) };
  }
  /** Some calls end the caller's session (sign-out, two-factor changes); the next route gets a fresh one. */
  async function keepSessions() {
    if ((await call("/api/auth/me", { cookie: callers.admin })).status !== 200) await newAdmin();
    if ((await call("/api/auth/me", { cookie: callers.member.cookie })).status !== 200) await newMember();
  }

  beforeAll(async () => {
    await newAdmin();
    await newMember();
  });

  const cookieFor = (route: DeclaredRoute) =>
    route.access === "SELF" ? callers.member.cookie : route.access === "PUBLIC" ? undefined : callers.admin;
  const pathFor = (route: DeclaredRoute, id = SAMPLE_ID) =>
    route.access === "SELF"
      ? route.pattern.replace(/\[id\]/, String(callers.member.id)).replace(/\[[^\]]+\]/g, id)
      : route.pattern.replace(/\[[^\]]+\]/g, id);
  const send = (route: DeclaredRoute, options: { path?: string; body?: unknown; query?: string }) =>
    call((options.path ?? pathFor(route)) + (options.query ?? ""), {
      method: route.method,
      cookie: cookieFor(route),
      ...(route.method === "GET"
        ? {}
        : {
            rawBody: JSON.stringify(options.body ?? {}),
            headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
          }),
      ...(route.method === "GET" ? { headers: { "x-forwarded-for": randomIp() } } : {}),
    });

  function expectPlain(route: DeclaredRoute, what: string, result: CallResult) {
    if (result.status >= 500)
      throw new Error(
        `${route.method} ${route.pattern} with ${what} answered ${result.status}: ${result.text.slice(0, 300)}`,
      );
    for (const message of messagesOf(result)) {
      if (VALIDATOR_WORDING.test(message))
        throw new Error(`${route.method} ${route.pattern} with ${what} answered the validator's words: "${message}"`);
    }
  }

  it("finds the routes that read bodies, queries and ids", () => {
    expect(routes.filter((r) => r.reads.body).length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.reads.query).length).toBeGreaterThan(10);
    expect(routes.filter((r) => r.reads.params).length).toBeGreaterThan(30);
  });

  it.each(routes.filter((r) => r.reads.body).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s words every refused body plainly",
    async (_name, route) => {
      await keepSessions();
      const empty = await send(route, { body: {} });
      expectPlain(route, "an empty body", empty);
      for (const body of [[], "text", 42, null])
        expectPlain(route, `the body ${JSON.stringify(body)}`, await send(route, { body }));
      const required = Object.keys((empty.json?.fields as Record<string, string> | undefined) ?? {}).filter(
        (key) => key !== "_",
      );
      for (const wrong of WRONG_TYPES) {
        const body = Object.fromEntries(required.map((key) => [key.split(".")[0]!, wrong]));
        expectPlain(route, `every required field as ${JSON.stringify(wrong)}`, await send(route, { body }));
      }
    },
  );

  it.each(routes.filter((r) => r.reads.query).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s words a wrongly typed query plainly",
    async (_name, route) => {
      await keepSessions();
      const result = await send(route, { query: `?${WRONG_QUERY}` });
      expectPlain(route, "a wrongly typed query", result);
    },
  );

  it.each(routes.filter((r) => r.reads.params).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s words an id that is not one plainly",
    async (_name, route) => {
      await keepSessions();
      for (const id of ["abc", "0", "1.5", "99999999999"]) {
        const path = route.pattern.replace(/\[[^\]]+\]/g, id);
        expectPlain(route, `the id ${id}`, await send(route, { path }));
      }
    },
  );

  describe("the calls the issue names", () => {
    it("POST /api/forum/topics without a title asks for the title", async () => {
      const result = await call("/api/forum/topics", {
        cookie: callers.member.cookie,
        body: { categoryId: 1, content: "An opening post long enough to pass." },
      });
      expect(result.status).toBe(400);
      expect(result.json).toEqual({ error: "Title is required.", fields: { title: "Title is required." } });
    });

    it("POST /api/forum/topics with a short title says the spec's words", async () => {
      const result = await call("/api/forum/topics", {
        cookie: callers.member.cookie,
        body: { categoryId: 1, title: "Hi", content: "An opening post long enough to pass." },
      });
      expect(result.json.fields.title).toBe("Title must be at least 5 characters");
    });

    it("POST /api/forum/posts without a topic asks for the topic", async () => {
      const result = await call("/api/forum/posts", {
        cookie: callers.member.cookie,
        body: { content: "A reply long enough." },
      });
      expect(result.status).toBe(400);
      expect(result.json.fields).toEqual({ topicId: "Topic is required." });
      const typed = await call("/api/forum/posts", {
        cookie: callers.member.cookie,
        body: { topicId: "first", content: "A reply long enough." },
      });
      expect(typed.json.fields).toEqual({ topicId: "Topic is not valid." });
    });

    it("POST /api/contact with nothing names each field plainly", async () => {
      const result = await call("/api/contact", { body: {}, headers: { "x-forwarded-for": randomIp() } });
      expect(result.status).toBe(400);
      expect(result.json.fields).toEqual({
        name: "Name is required.",
        email: "Email is required.",
        subject: "Subject is required.",
        message: "Message is required.",
        source: "Source is required.",
      });
    });

    it("POST /api/applications/submit keeps the spec's messages for a missing tier and terms", async () => {
      const result = await call("/api/applications/submit", { body: {}, headers: { "x-forwarded-for": randomIp() } });
      expect(result.json.fields).toMatchObject({
        membershipTier: "Please select a membership tier",
        heardAbout: "Please tell us how you heard about us",
        agreeTerms: "You must agree to the terms and conditions",
      });
    });
  });
});
