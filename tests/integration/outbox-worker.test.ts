import { eq, sql } from "drizzle-orm";
import { emailOutbox } from "@/db/schema";
import { adminViewer, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { messagesTo, rejectNextDeliveries } from "../support/mailbox";

// The outbox runs here in-process against the test database and the run's SMTP server, while the
// app server's own pg-boss workers deliver what it queues: delivery, retries and failure end to end.

afterAll(closeInProcessApp);

// Delivery goes through the server's pg-boss worker (polling every 2 s); a loaded machine can be slow.
jest.setTimeout(120_000);

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("timed out waiting");
}

async function outboxRow(id: number) {
  const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

describe("email outbox", () => {
  it("commits an email with its change; a worker delivers it through SMTP with its headers", async () => {
    const { transactionWithEmail } = await import("@/server/email/outbox");
    const to = `worker_${Date.now()}@example.com`;
    await transactionWithEmail(async (_tx, queueEmail) => {
      await queueEmail({
        to,
        subject: "Hello",
        text: "Plain body",
        html: "<p>Html body</p>",
        kind: "test",
        headers: { "List-Unsubscribe": "<https://example.com/u>" },
      });
    });
    const [{ id }] = (await testDb()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))) as [{ id: number }];
    const sent = await waitFor(async () => ((await outboxRow(id)).status === "sent" ? outboxRow(id) : undefined));
    expect(sent.attempts).toBe(1);
    const [mail] = await messagesTo(to);
    expect(mail!.raw).toContain("Subject: Hello");
    expect(mail!.raw).toContain("List-Unsubscribe: <https://example.com/u>");
    expect(mail!.raw).toContain("Test Community");
  });

  it("writes nothing when the change rolls back", async () => {
    const { transactionWithEmail } = await import("@/server/email/outbox");
    const to = `rollback_${Date.now()}@example.com`;
    await expect(
      transactionWithEmail(async (_tx, queueEmail) => {
        await queueEmail({ to, subject: "Never", text: "x", kind: "test" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to))).toHaveLength(0);
  });

  it("keeps a message queued after a temporary SMTP failure, due again 30 s later, and sends it then", async () => {
    const { deliverEmail } = await import("@/server/email/outbox");
    const to = `retry_${Date.now()}@example.com`;
    await rejectNextDeliveries(to, 1);
    const now = new Date(Date.now() + 3_600_000); // in simulated time, out of the server's workers' way
    const [row] = await testDb()
      .insert(emailOutbox)
      .values({ to, subject: "Retry me", text: "x", kind: "test", nextAttemptAt: now })
      .returning();
    await deliverEmail(row!.id, now);
    expect(await outboxRow(row!.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + 30_000),
    });
    expect((await outboxRow(row!.id)).lastError).toMatch(/451|Try again/);
    await deliverEmail(row!.id, new Date(now.getTime() + 29_000));
    expect((await outboxRow(row!.id)).attempts).toBe(1);
    await deliverEmail(row!.id, new Date(now.getTime() + 30_000));
    expect(await outboxRow(row!.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await messagesTo(to)).toHaveLength(1);
  });

  it("loses nothing while SMTP is down for an hour of simulated time, and sends each email once when it returns", async () => {
    const { deliverEmail, dueOutboxIds } = await import("@/server/email/outbox");
    const start = new Date(Date.now() + 2 * 3_600_000);
    const addresses = Array.from({ length: 5 }, (_, i) => `outage_${i}_${Date.now()}@example.com`);
    for (const to of addresses) await rejectNextDeliveries(to, 1_000_000);
    const rows = await testDb()
      .insert(emailOutbox)
      .values(
        addresses.map((to) => ({ to, subject: "During the outage", text: "x", kind: "test", nextAttemptAt: start })),
      )
      .returning();
    const ids = new Set(rows.map((r) => r.id));
    // The sweep and the workers, minute by minute, for 70 simulated minutes; SMTP returns after 60.
    for (let minute = 0; minute <= 70; minute++) {
      const now = new Date(start.getTime() + minute * 60_000);
      if (minute === 60) for (const to of addresses) await rejectNextDeliveries(to, 0);
      for (const id of (await dueOutboxIds(now)).filter((id) => ids.has(id))) await deliverEmail(id, now);
    }
    for (const row of rows) {
      const after = await outboxRow(row.id);
      expect(after.status).toBe("sent");
      // 30 s, 1, 2, 4, 8 min, then every 10: about a dozen tries in the hour, not a storm.
      expect(after.attempts).toBeGreaterThan(5);
      expect(after.attempts).toBeLessThan(15);
      expect(await messagesTo(row.to)).toHaveLength(1);
    }
  });

  it("marks a message failed after the last attempt; an admin's retry queues it and it is sent", async () => {
    const { deliverEmail, retryOutboxMessage, MAX_DELIVERY_ATTEMPTS } = await import("@/server/email/outbox");
    const to = `fail_${Date.now()}@example.com`;
    await rejectNextDeliveries(to, 1);
    const [row] = await testDb()
      .insert(emailOutbox)
      .values({ to, subject: "Doomed", text: "x", kind: "test", attempts: MAX_DELIVERY_ATTEMPTS - 1 })
      .returning();
    await deliverEmail(row!.id);
    expect(await outboxRow(row!.id)).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });

    expect(await retryOutboxMessage(adminViewer(), row!.id)).toBe(true);
    const sent = await waitFor(async () =>
      (await outboxRow(row!.id)).status === "sent" ? outboxRow(row!.id) : undefined,
    );
    expect(sent.attempts).toBe(1);
  });

  it("counts a message queued in the same millisecond as due (the database keeps microseconds)", async () => {
    const { deliverEmail } = await import("@/server/email/outbox");
    const to = `same_ms_${Date.now()}@example.com`;
    const [row] = await testDb()
      .insert(emailOutbox)
      .values({
        to,
        subject: "Right away",
        text: "x",
        kind: "test",
        nextAttemptAt: sql`'2026-01-01 12:00:00.123456+00'::timestamptz`,
      })
      .returning();
    await deliverEmail(row!.id, new Date("2026-01-01T12:00:00.123Z"));
    expect(await outboxRow(row!.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await messagesTo(to)).toHaveLength(1);
  });

  it("does not deliver a message twice when two workers race for it", async () => {
    const { deliverEmail } = await import("@/server/email/outbox");
    const to = `race_${Date.now()}@example.com`;
    const [row] = await testDb()
      .insert(emailOutbox)
      .values({ to, subject: "Once", text: "x", kind: "test" })
      .returning();
    await Promise.all([deliverEmail(row!.id), deliverEmail(row!.id)]);
    expect(await messagesTo(to)).toHaveLength(1);
    expect((await outboxRow(row!.id)).attempts).toBe(1);
  });
});
