import { randomUUID } from "node:crypto";
import { MAX_STREAMS_PER_MEMBER } from "@/server/notifications/stream";
import { createTestUser, closeTestDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { openEventStream } from "../support/sse";

// What is made for one member stays hers: no cache may keep an answer made with her session
// (Cache-Control: private, no-store), and one account cannot hold open live streams without end.

afterAll(closeTestDb);

async function member() {
  const user = await createTestUser({ membershipLevel: "connect", lastName: randomUUID().slice(0, 6) });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

it("answers every call made with her session private, no-store (errors too); a visitor's public answer is left as it was", async () => {
  const her = await member();
  for (const path of ["/api/auth/me", "/api/messages", "/api/notifications", "/api/notifications/preferences"]) {
    const answer = await call(path, { cookie: her.cookie });
    expect([path, answer.status, answer.headers.get("cache-control")]).toEqual([path, 200, "private, no-store"]);
  }
  const missing = await call("/api/messages/2147483000", { cookie: her.cookie });
  expect([missing.status, missing.headers.get("cache-control")]).toEqual([404, "private, no-store"]);
  const visitor = await call("/api/auth/me");
  expect([visitor.status, visitor.headers.get("cache-control")]).toEqual([401, "private, no-store"]);
  const key = await call("/api/push/key");
  expect([key.status, key.headers.get("cache-control")]).toEqual([200, null]);
});

it(`holds at most ${MAX_STREAMS_PER_MEMBER} live notification streams per member: the next is refused 429 until one ends`, async () => {
  const her = await member();
  const other = await member();
  const url = `${process.env.TEST_BASE_URL}/api/notifications/stream`;
  const streams = await Promise.all(
    Array.from({ length: MAX_STREAMS_PER_MEMBER + 2 }, () => openEventStream(url, { cookie: her.cookie })),
  );
  try {
    const statuses = streams.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_STREAMS_PER_MEMBER);
    const refused = streams.filter((s) => s.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.headers.get("retry-after")).toBe("300");
    const open = streams.filter((s) => s.status === 200);
    expect(open[0]!.headers.get("cache-control")).toBe("private, no-store, no-transform");
    // Another member is not held to her count.
    const hers = await openEventStream(url, { cookie: other.cookie });
    expect(hers.status).toBe(200);
    await hers.close();
    // One ends (she closes a tab): its place is free again.
    await open[0]!.close();
    const again = await waitForStatus(url, her.cookie, 200);
    expect(again.status).toBe(200);
    await again.close();
  } finally {
    await Promise.all(streams.map((s) => s.close()));
  }
});

/** The server learns of a closed stream when its socket closes; ask until it has. */
async function waitForStatus(url: string, cookie: string, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stream = await openEventStream(url, { cookie });
    if (stream.status === status || Date.now() > deadline) return stream;
    await stream.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
