import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createDatabase } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { freePort } from "../../scripts/lib/free-port";
import { startPostgresProcess, type PostgresProcess } from "../support/postgres-process";
import { serverEnv, startTestServer, type TestServer } from "../support/server";

// An app killed mid-send: the SMTP server has taken some messages but the app died before
// marking them sent. Another instance sends whatever the dead one held once its lease (just over the
// SMTP time limit) has run out: nothing stays `sending`, every message arrives, and a message sent
// twice carries the same Message-ID both times, so that it is recognisable and mail clients fold it.

const scratch = mkdtempSync(path.join(tmpdir(), "community-outbox-crash-"));
chmodSync(scratch, 0o755);
let postgres: PostgresProcess | undefined;
const servers: TestServer[] = [];
const received: { to: string; raw: string }[] = [];

// A real SMTP server that takes each message whole, then waits before saying so (a slow provider),
// so that the app can be killed while it waits.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      for (const to of session.envelope.rcptTo)
        received.push({ to: to.address.toLowerCase(), raw: Buffer.concat(chunks).toString("utf8") });
      setTimeout(() => callback(), 4000);
    });
  },
});

// The killed app's connection ends with a reset; that is the point, not a failure of the server.
smtp.on("error", () => {});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await postgres?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

const messageIdOf = (raw: string) => raw.match(/^Message-ID:\s*(\S+)/im)?.[1];

it("sends every email after a crash mid-send, each with its outbox row's Message-ID, and leaves none stuck", async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  postgres = await startPostgresProcess(path.join(scratch, "postgres"), await freePort(), { fresh: true });
  const env = {
    ...serverEnv(postgres.url),
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    EMAIL_FROM: '"Crash Test" <hello@crash.example>',
    // The shortest attempt limit (the SMTP server here answers in 4 s): the lease is then 25 s, not 75.
    SMTP_ATTEMPT_SECONDS: "10",
  };
  const first = await startTestServer(env, ".data/test-logs/outbox-crash-a.log");
  servers.push(first);

  const run = Date.now();
  const addresses = Array.from({ length: 6 }, (_, i) => `crash-${i}-${run}@example.com`);
  for (const email of addresses) {
    const response = await fetch(`${first.baseUrl}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
  }
  // Killed while the SMTP server holds its answer to the first message it took.
  for (const deadline = Date.now() + 60_000; received.length === 0; await delay(50))
    expect(Date.now()).toBeLessThan(deadline);
  await first.kill();

  const { db, pool } = createDatabase(postgres.url, 1);
  const rows = () => db.select().from(emailOutbox).where(inArray(emailOutbox.to, addresses));
  expect((await rows()).filter((row) => row.status === "sending").length).toBeGreaterThan(0);

  servers.push(await startTestServer(env, ".data/test-logs/outbox-crash-b.log"));
  // The lease (25 s) and the minutely sweep, with room for a loaded machine.
  for (const deadline = Date.now() + 200_000; (await rows()).some((row) => row.status !== "sent"); await delay(1000)) {
    expect(Date.now()).toBeLessThan(deadline);
  }

  for (const row of await rows()) {
    const copies = received.filter((message) => message.to === row.to);
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(copies.map((copy) => messageIdOf(copy.raw))).toEqual(
      copies.map(() => `<outbox.${row.id}.${row.createdAt.getTime()}@${new URL(first.baseUrl).hostname}>`),
    );
  }
  await pool.end();
}, 320_000);
