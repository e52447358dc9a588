import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { notifications, pushSubscriptions } from "@/db/schema";
import { DEVICE_OF_ANOTHER_MEMBER, KEYS_NOT_VALID, MAX_PUSH_DEVICES } from "@/server/push";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";
import { expireDevice, pushesTo, pushRefusals, subscribeDevice } from "../support/push";

// Web Push with VAPID, against the fake push service (tests/fakes/push.ts), which
// checks the VAPID JWT (RFC 8292) and decrypts the payload (RFC 8291, aes128gcm) with the keys of the
// subscription it made, as a browser would.

afterAll(closeTestDb);
jest.setTimeout(120_000);

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: "connect", lastName: randomUUID().slice(0, 6), ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("Web Push", () => {
  it("answers the VAPID public key to anyone: the applicationServerKey browsers subscribe with", async () => {
    const key = await call("/api/push/key");
    expect(key.status).toBe(200);
    expect(key.json).toEqual({ publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    expect(Buffer.from(key.json.publicKey, "base64url")).toHaveLength(65);
  });

  it("subscribes a device only for a signed-in member, only at a push service, and refuses malformed keys", async () => {
    const her = await member();
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    expect((await call("/api/push/subscriptions", { body: device })).status).toBe(401);
    expect(
      (
        await call("/api/push/subscriptions", {
          cookie: her.cookie,
          body: { ...device, endpoint: "https://intranet.example/steal" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("/api/push/subscriptions", {
          cookie: her.cookie,
          body: { ...device, keys: { p256dh: "not base64!", auth: "x" } },
        })
      ).status,
    ).toBe(400);
    expect((await call("/api/push/subscriptions", { cookie: her.cookie, body: device })).status).toBe(201);
    expect(await testDb().$count(pushSubscriptions, eq(pushSubscriptions.userId, her.user.id))).toBe(1);
    // Another member cannot remove her device.
    const other = await member();
    await call("/api/push/subscriptions", {
      method: "DELETE",
      cookie: other.cookie,
      body: { endpoint: device.endpoint },
    });
    expect(await testDb().$count(pushSubscriptions, eq(pushSubscriptions.userId, her.user.id))).toBe(1);
    expect(
      (
        await call("/api/push/subscriptions", {
          method: "DELETE",
          cookie: her.cookie,
          body: { endpoint: device.endpoint },
        })
      ).status,
    ).toBe(200);
    expect(await testDb().$count(pushSubscriptions, eq(pushSubscriptions.userId, her.user.id))).toBe(0);
  });

  it("pushes the kinds she chose to her device, encrypted for it and signed with VAPID; not the others", async () => {
    const her = await member();
    const sender = await member({ firstName: "Amara" });
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    await call("/api/push/subscriptions", { cookie: her.cookie, body: device });
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: her.cookie,
      body: { kinds: { direct_message: { delivery: "app", push: true } } },
    });

    expect(
      (
        await call("/api/messages", {
          cookie: sender.cookie,
          body: { toUserId: her.user.id, body: "Are you coming to the circle?" },
        })
      ).status,
    ).toBe(201);
    const [push] = await waitFor(async () => {
      const received = await pushesTo(device.endpoint);
      return received.length ? received : undefined;
    }, "the push");
    expect(push!.payload).toEqual({
      title: `Amara ${sender.user.lastName} sent you a message`,
      url: expect.stringMatching(/^\/messages\/\d+$/),
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push!.ttl).toBeGreaterThan(0);
    expect(await pushRefusals()).toEqual([]);

    // A mentorship request is a kind she does not push: nothing more arrives.
    const mentorHer = await testDb()
      .update((await import("@/db/schema")).users)
      .set({ isMentor: true, mentorTopics: ["Pricing"] })
      .where(eq((await import("@/db/schema")).users.id, her.user.id))
      .returning();
    expect(mentorHer).toHaveLength(1);
    expect(
      (
        await call(`/api/users/${her.user.id}/mentorship-requests`, {
          cookie: sender.cookie,
          body: { message: "Would you mentor me?" },
        })
      ).status,
    ).toBe(201);
    const [request] = await waitFor(async () => {
      const rows = await testDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, her.user.id), eq(notifications.kind, "mentorship_request")));
      return rows.length ? rows : undefined;
    }, "the mentorship request's notification");
    // Her next delivery run, woken by a message from someone else (a kind she pushes), claims every
    // notification of hers it would push: it sends the message and leaves the request unclaimed.
    const marker = await member({ firstName: "Bisi" });
    expect(
      (await call("/api/messages", { cookie: marker.cookie, body: { toUserId: her.user.id, body: "See you there" } }))
        .status,
    ).toBe(201);
    const pushes = await waitFor(async () => {
      const received = await pushesTo(device.endpoint);
      return received.length >= 2 ? received : undefined;
    }, "the second message's push");
    expect(pushes.map((push) => (push.payload as { title: string }).title)).toEqual([
      `Amara ${sender.user.lastName} sent you a message`,
      `Bisi ${marker.user.lastName} sent you a message`,
    ]);
    const [unclaimed] = await testDb().select().from(notifications).where(eq(notifications.id, request!.id));
    expect(unclaimed!.pushedAt).toBeNull();
  });

  it("keeps a device with the member who registered it: another member posting its endpoint is refused (409)", async () => {
    const her = await member();
    const other = await member();
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    expect((await call("/api/push/subscriptions", { cookie: her.cookie, body: device })).status).toBe(201);
    const own = await subscribeDevice(publicKey);
    const taken = await call("/api/push/subscriptions", {
      cookie: other.cookie,
      body: { endpoint: device.endpoint, keys: own.keys },
    });
    expect([taken.status, taken.json.error]).toEqual([409, DEVICE_OF_ANOTHER_MEMBER]);
    const [row] = await testDb()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ userId: her.user.id, p256dh: device.keys.p256dh, auth: device.keys.auth });
    // Her own browser renewing its keys is hers to do.
    expect(
      (await call("/api/push/subscriptions", { cookie: her.cookie, body: { ...device, keys: own.keys } })).status,
    ).toBe(201);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per member, forgetting the least recently used, and refuses keys no push can be encrypted for`, async () => {
    const her = await member();
    const { publicKey } = (await call("/api/push/key")).json;
    const devices = [];
    for (let i = 0; i < MAX_PUSH_DEVICES + 2; i++) {
      const device = await subscribeDevice(publicKey);
      expect((await call("/api/push/subscriptions", { cookie: her.cookie, body: device })).status).toBe(201);
      devices.push(device);
    }
    const kept = await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, her.user.id));
    expect(kept.map((d) => d.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );

    // Base64url, so the schema takes them, but not a P-256 point and a 16-byte secret.
    const device = await subscribeDevice(publicKey);
    const bad = await call("/api/push/subscriptions", {
      cookie: her.cookie,
      body: { ...device, keys: { p256dh: Buffer.alloc(65, 1).toString("base64url"), auth: "c2VjcmV0" } },
    });
    expect([bad.status, bad.json.fields]).toEqual([400, { keys: KEYS_NOT_VALID }]);
  });

  it("forgets a device whose keys cannot be encrypted for and pushes to her others; a link that would leave the site is sent as her notifications page", async () => {
    const her = await member();
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    await call("/api/push/subscriptions", { cookie: her.cookie, body: device });
    // A device saved before its keys were checked.
    const [broken] = await testDb()
      .insert(pushSubscriptions)
      .values({ userId: her.user.id, endpoint: `${device.endpoint}-broken`, p256dh: "AAAA", auth: "AAAA" })
      .returning();
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: her.cookie,
      body: { kinds: { announcement: { delivery: "app", push: true } } },
    });
    await testDb().insert(notifications).values({
      userId: her.user.id,
      kind: "announcement",
      title: "A link written before the rule",
      url: "/\\evil.example",
    });
    const [push] = await waitFor(async () => {
      const received = await pushesTo(device.endpoint);
      return received.length ? received : undefined;
    }, "the push");
    expect(push!.payload).toMatchObject({ title: "A link written before the rule", url: "/notifications" });
    await waitFor(
      async () => (await testDb().$count(pushSubscriptions, eq(pushSubscriptions.id, broken!.id))) === 0,
      "the broken device to be forgotten",
    );
  });

  it("forgets a device the push service says is gone (410)", async () => {
    const her = await member();
    const sender = await member();
    const { publicKey } = (await call("/api/push/key")).json;
    const device = await subscribeDevice(publicKey);
    await call("/api/push/subscriptions", { cookie: her.cookie, body: device });
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: her.cookie,
      body: { kinds: { direct_message: { delivery: "app", push: true } } },
    });
    await expireDevice(device.endpoint);
    await call("/api/messages", { cookie: sender.cookie, body: { toUserId: her.user.id, body: "Hello?" } });
    await waitFor(
      async () => (await testDb().$count(pushSubscriptions, eq(pushSubscriptions.userId, her.user.id))) === 0,
      "the device to be forgotten",
    );
  });
});
