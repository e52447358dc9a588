import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { listenOnLoopback } from "./listen";

export interface MailboxMessage {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as received. */
  raw: string;
  receivedAt: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, with a small HTTP API for tests:
 * GET /messages?to=address lists messages; POST /reject {to, count, code} makes the next deliveries to
 * that address fail at RCPT TO: with 451 (the default), a temporary error, to exercise retries; with
 * 550, the permanent refusal of a mailbox that does not exist (RFC 5321 sections 3.3 and 4.2.2).
 */
export async function startMailbox() {
  const messages: MailboxMessage[] = [];
  const rejections = new Map<string, { count: number; code: number }>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rejection = rejections.get(address.address.toLowerCase());
      if (rejection && rejection.count > 0) {
        rejections.set(address.address.toLowerCase(), { ...rejection, count: rejection.count - 1 });
        const text =
          rejection.code >= 500
            ? `5.1.1 <${address.address}>: Recipient address rejected: User unknown`
            : "4.3.0 Try again later";
        return callback(Object.assign(new Error(text), { responseCode: rejection.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
      return;
    }
    if (request.method === "POST" && url.pathname === "/reject") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const { to, count, code = 451 } = JSON.parse(body) as { to: string; count: number; code?: number };
        rejections.set(to.toLowerCase(), { count, code });
        response.end("{}");
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await listenOnLoopback(api);
  const apiPort = (api.address() as AddressInfo).port;

  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_FROM: '"Test Community" <hello@example.com>',
      TEST_MAILBOX_URL: `http://127.0.0.1:${apiPort}`,
    },
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
