import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { partnerLinkVisits, partners, rateLimits } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { testEnv } from "../support/env";
import { call } from "../support/http";
import { rawRequest } from "../support/raw-http";
import { serverEnv, startTestServer, type TestServer } from "../support/server";
import { applicationBody } from "../support/applicants";

// With TRUST_PROXY unset the address every limit counts was the first X-Forwarded-For
// entry, which the client writes; rotating it passed the login, chat, newsletter, apply, contact and
// forgot-password limits and inflated partner link-visit counts. Unset, the socket's address counts.
// The server here runs as `npm start` runs without a proxy; each test connects from an address of its
// own in 127.0.0.0/8, so its socket address is known and shared with no other test.

let server: TestServer;
let subnet = 0;
/** A loopback address of its own for one test. */
const ownAddress = () =>
  `127.${(++subnet % 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
/** Every address a test forged, which no counter may name. */
const forged = new Set<string>();
/**
 * A different forged client address each call: documentation addresses (RFC 3849) with random bits,
 * so that no other test's (legitimately counted) address can be mistaken for a forged one.
 */
const forgedAddress = () => `2001:db8:${randomUUID().slice(0, 4)}::${randomUUID().slice(0, 4)}`;
function rotating(): string {
  const claimed = [forgedAddress(), forgedAddress()];
  claimed.forEach((address) => forged.add(address));
  return claimed.join(", ");
}

beforeAll(async () => {
  server = await startTestServer(
    { ...serverEnv(testEnv().databaseUrl), TRUST_PROXY: "false", JOBS_ENABLED: "false" },
    ".data/test-logs/client-address.log",
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await closeTestDb();
});

/** A request from `from` that names a new address in X-Forwarded-For (and X-Real-IP, Forwarded) each time. */
function forging(from: string) {
  return (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const claimed = rotating();
    return rawRequest(`${server.baseUrl}${path}`, {
      body,
      localAddress: from,
      headers: {
        origin: server.baseUrl,
        "x-forwarded-for": claimed,
        "x-real-ip": claimed.split(", ")[1]!,
        forwarded: `for="[${claimed.split(", ")[0]}]"`,
        ...headers,
      },
    });
  };
}

/** Sends `allowed` requests (none refused), then one more: refused with 429, forged headers or not. */
async function exhaust(send: (i: number) => Promise<{ status: number }>, allowed: number) {
  const statuses: number[] = [];
  for (let i = 0; i < allowed; i++) statuses.push((await send(i)).status);
  expect(statuses.filter((status) => status === 429)).toEqual([]);
  expect((await send(allowed)).status).toBe(429);
}

const countedAddresses = async (prefix: string) =>
  (
    await testDb()
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `${prefix}:%`))
  ).map((row) => row.key.slice(prefix.length + 1));

describe("without TRUST_PROXY, the limits count the socket's address, not what the client writes", () => {
  it("failed sign-ins per address (50 in 15 minutes)", async () => {
    const from = ownAddress();
    const send = forging(from);
    await exhaust(
      () => send("/api/auth/login", { username: `nobody_${randomUUID()}`, password: "wrong-password" }),
      50,
    );
    const addresses = await countedAddresses("login_ip");
    expect(addresses).toContain(from);
    expect(addresses.filter((address) => forged.has(address))).toEqual([]);
  }, 120_000);

  it("failed sign-ins per account and address, while the right password from another address gets through", async () => {
    const user = await createTestUser();
    const from = ownAddress();
    const send = forging(from);
    for (let i = 0; i < 5; i++)
      expect(
        (await send("/api/auth/login", { username: i % 2 ? user.email : user.username, password: "wrong-password" }))
          .status,
      ).toBe(401);
    expect((await send("/api/auth/login", { username: user.username, password: TEST_PASSWORD })).status).toBe(429);
    const elsewhere = forging(ownAddress());
    expect((await elsewhere("/api/auth/login", { username: user.username, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("the assistant's messages (20 in 5 minutes)", async () => {
    const send = forging(ownAddress());
    await exhaust(() => send("/api/chatbot/message", { message: "When are the next events?", chatHistory: [] }), 20);
  }, 120_000);

  it("newsletter sign-ups (10 an hour)", async () => {
    const send = forging(ownAddress());
    await exhaust(() => send("/api/newsletter/subscribe", { email: `nl_${randomUUID().slice(0, 8)}@example.com` }), 10);
  });

  it("applications (10 an hour)", async () => {
    const send = forging(ownAddress());
    await exhaust(() => send("/api/applications/submit", applicationBody()), 10);
  }, 60_000);

  it("contact messages (5 an hour), each of which emails every admin", async () => {
    const send = forging(ownAddress());
    await exhaust(
      () =>
        send("/api/contact", {
          name: "Forger",
          email: `c_${randomUUID().slice(0, 8)}@example.com`,
          subject: "Hello there",
          message: "A message long enough to be sent.",
          source: "contact",
        }),
      5,
    );
  });

  it("password reset requests (10 an hour)", async () => {
    const send = forging(ownAddress());
    await exhaust(
      () => send("/api/auth/forgot-password", { email: `reset_${randomUUID().slice(0, 8)}@example.com` }),
      10,
    );
  });

  it("partner link visits: a forged address each time counts as no more than the same address each time", async () => {
    const partnerOf = async () => {
      const user = await createTestUser({ isPartner: true });
      const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
      const [partner] = await testDb()
        .insert(partners)
        .values({ userId: user.id, partnerCode: code })
        .returning({ id: partners.id });
      return { id: partner!.id, code };
    };
    const [rotated, fixed] = [await partnerOf(), await partnerOf()];
    const from = ownAddress();
    const visit = (code: string, forwardedFor: string) =>
      rawRequest(`${server.baseUrl}/api/partners/visits`, {
        body: { code },
        localAddress: from,
        headers: { "x-forwarded-for": forwardedFor, "user-agent": "one browser" },
      });
    for (let i = 0; i < 10; i++) {
      expect((await visit(rotated.code, rotating())).status).toBeLessThan(300);
      expect((await visit(fixed.code, "198.51.100.1")).status).toBeLessThan(300);
    }
    const visits = async (partnerId: number) =>
      (
        await testDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(partnerLinkVisits)
          .where(eq(partnerLinkVisits.partnerId, partnerId))
      )[0]!.n;
    expect(await visits(rotated.id)).toBe(await visits(fixed.id));
  });
});

describe("with TRUST_PROXY, the address our proxy appended counts (the test server stands behind one)", () => {
  it("takes the last X-Forwarded-For entry, not the ones the client wrote before it", async () => {
    const last = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const result = await call("/api/auth/login", {
      body: { username: `nobody_${randomUUID()}`, password: "wrong" },
      headers: { "x-forwarded-for": `6.6.6.6, ${last}` },
    });
    expect(result.status).toBe(401);
    const addresses = await countedAddresses("login_ip");
    expect(addresses).toContain(last);
    expect(addresses).not.toContain("6.6.6.6");
  });
});
