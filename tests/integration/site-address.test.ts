import { asc, eq } from "drizzle-orm";
import { events } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { testEnv } from "../support/env";
import { call, randomIp, signIn } from "../support/http";
import { rawRequest } from "../support/raw-http";

// Every link the app writes and the cross-site check use the one
// configured site address (APP_URL; the test server's is its own address), never the Host or
// X-Forwarded-Host a client sends; a malformed one is bad input (400) or ignored, never a 500.

afterAll(closeTestDb);

const site = () => testEnv().baseUrl;
const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe("links use the configured site address, whatever Host or X-Forwarded-Host say", () => {
  // As an outside check reproduced it: a visitor's POST (no Origin, as curl sends) naming evil.example.
  it("emails a password reset link to the site, not to the host the request named", async () => {
    const user = await createTestUser();
    const result = await rawRequest(`${site()}/api/auth/forgot-password`, {
      body: { email: user.email },
      headers: { ...FORGED, "x-forwarded-for": randomIp() },
    });
    expect(result.status).toBe(200);
    const mail = await latestEmailTo(user.email);
    expect(linkIn(mail!.text, "/reset-password/").startsWith(`${site()}/reset-password/`)).toBe(true);
    expect(`${mail!.text}${mail!.html}`).not.toContain("evil.example");
  });

  it("emails a newsletter confirmation link to the site", async () => {
    const email = `letters_${Date.now()}@example.com`;
    const result = await rawRequest(`${site()}/api/newsletter/subscribe`, {
      body: { email },
      headers: { ...FORGED, "x-forwarded-for": randomIp() },
    });
    expect(result.status).toBeLessThan(300);
    const mail = await latestEmailTo(email);
    expect(linkIn(mail!.text, "/newsletter/confirm/").startsWith(`${site()}/newsletter/confirm/`)).toBe(true);
    expect(`${mail!.text}${mail!.html}`).not.toContain("evil.example");
  });

  it("writes the site's calendar feed on /events as webcal://, and the feed's links, from APP_URL", async () => {
    const page = await rawRequest(`${site()}/events`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`webcal://${new URL(site()).host}/api/events/calendar.ics`);
    const feed = await rawRequest(`${site()}/api/events/calendar.ics`, { headers: FORGED });
    expect(feed.status).toBe(200);
    expect(feed.text).not.toContain("evil.example");
  });

  it("sends a page asked for under another host to the same path at the site's address, never to the host it named", async () => {
    const page = await rawRequest(`${site()}/events?view=list`, { headers: FORGED });
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe(`${site()}/events?view=list`);
    expect(page.headers["cache-control"]).toBe("no-store");
  });
});

// A second address of the same server (127.0.0.1 for localhost, a LAN address): pages rendered there,
// then every form was refused as cross-site. Pages now go to APP_URL; API calls are answered where they
// are asked (health checks ask each instance at its own address), and a refused one names the site.
describe("the site opened at a second address", () => {
  const second = () => `localhost:${new URL(site()).port}`;

  it("redirects every page request there (308, same path and query) to the site's address", async () => {
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/login?next=%2Fforum"],
      ["HEAD", "/about"],
      ["GET", "/forum"],
      ["GET", "/images/garden.svg"],
    ] as const) {
      const result = await rawRequest(`${site()}${path}`, { method, headers: { host: second() } });
      expect([method, path, result.status, result.headers.location]).toEqual([method, path, 308, `${site()}${path}`]);
    }
  });

  it("answers API calls there, and refuses a change sent from a page of it naming the address to use", async () => {
    expect((await rawRequest(`${site()}/api/health`, { headers: { host: second() } })).status).toBe(200);
    const user = await createTestUser();
    const refused = await rawRequest(`${site()}/api/auth/login`, {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { host: second(), origin: `http://${second()}`, "x-forwarded-for": randomIp() },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: `Cross-site request refused. Use the site at ${site()}.` });
  });
});

describe("the cross-site check compares Origin with the site address only", () => {
  it("refuses a signed-in request from another origin that names itself in Host and X-Forwarded-Host", async () => {
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    const forged = await rawRequest(`${site()}/api/auth/logout`, {
      method: "POST",
      headers: { ...FORGED, origin: "https://evil.example", cookie },
    });
    expect(forged.status).toBe(403);
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
    const ours = await rawRequest(`${site()}/api/auth/logout`, {
      method: "POST",
      headers: { ...FORGED, origin: site(), cookie },
    });
    expect(ours.status).toBe(200);
  });
});

describe("a malformed Host is bad input, a malformed X-Forwarded-Host is ignored, neither is a 500", () => {
  const MALFORMED = ["evil.example/x", "a b", "%", "ev<il>", "host:port", "[::1", "evil.example:99999999", "@", "a..b"];
  let paths: string[] = [];
  beforeAll(async () => {
    const [event] = await testDb()
      .select({ id: events.id })
      .from(events)
      .where(eq(events.status, "scheduled"))
      .orderBy(asc(events.id))
      .limit(1);
    paths = [
      "/",
      "/events",
      `/events/${event!.id}`,
      `/api/events/${event!.id}/ics`,
      "/login?next=%2Fforum",
      "/api/auth/me",
      "/forum",
      "/images/garden.svg",
    ];
  });

  it.each(MALFORMED)("answers Host %j with 400 on every page and route", async (host) => {
    for (const path of paths) {
      const result = await rawRequest(`${site()}${path}`, { headers: { host } });
      expect([path, result.status]).toEqual([path, 400]);
      if (path.startsWith("/api/")) expect(result.json).toEqual({ error: "The Host header is not a host name." });
    }
  });

  it.each(MALFORMED)("ignores X-Forwarded-Host %j", async (forwardedHost) => {
    for (const path of paths) {
      const result = await rawRequest(`${site()}${path}`, {
        headers: { "x-forwarded-host": forwardedHost, "x-forwarded-proto": "gopher" },
      });
      expect([path, result.status < 500]).toEqual([path, true]);
      if (forwardedHost.includes("evil")) expect(result.text).not.toContain(forwardedHost);
    }
    const event = await rawRequest(`${site()}${paths[2]}`, { headers: { "x-forwarded-host": forwardedHost } });
    expect(event.status).toBe(200);
  });
});
