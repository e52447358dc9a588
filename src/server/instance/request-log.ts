import "server-only";
import { randomUUID } from "node:crypto";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";

/**
 * Paths whose last segment is a secret token (invitations, password resets, payment links, email
 * links). deploy/nginx/community.conf shortens the same ones in its access log.
 */
const TOKEN_PATH =
  /^\/(join|reset-password|confirm-email|unsubscribe|notification-emails\/unsubscribe|payment|newsletter\/confirm|newsletter\/unsubscribe|forum-emails\/unsubscribe|profile\/affiliate)\/[^/?]+/;
/** A request id a proxy passed on (nginx's $request_id is 32 hex digits). */
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,64}$/;

const started = new WeakMap<IncomingMessage, { id: string; at: bigint }>();

/** The path as logged: no query string (tokens, searches) and no token segment. */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0] ?? "/";
  return path.replace(TOKEN_PATH, (_match, prefix: string) => `/${prefix}/[token]`);
}

export interface RequestLogLine {
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export function formatRequestLine(line: RequestLogLine, format: "text" | "json", now = new Date()): string {
  if (format === "json") return JSON.stringify({ time: now.toISOString(), msg: "request", ...line });
  return `${now.toISOString()} ${line.id} ${line.method} ${line.path} ${line.status} ${line.ms} ms`;
}

/**
 * A line per request on standard output when its answer is finished: its id, method, path, status and
 * time (LOG_FORMAT=json for JSON). Node's own http.server diagnostics channels see every request of
 * this process without wrapping the server Next.js starts. The id is the proxy's X-Request-Id when
 * TRUST_PROXY is on (nginx passes its $request_id), otherwise new, and is sent back as X-Request-Id.
 */
export function startRequestLog(): void {
  const { LOG_FORMAT: format, TRUST_PROXY: trustProxy } = env();
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const forwarded = request.headers["x-request-id"];
    const id = trustProxy && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    started.set(request, { id, at: process.hrtime.bigint() });
    response.setHeader("X-Request-Id", id);
  });
  diagnosticsChannel.subscribe("http.server.response.finish", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const start = started.get(request);
    if (!start) return;
    const ms = Math.round(Number(process.hrtime.bigint() - start.at) / 1e5) / 10;
    process.stdout.write(
      `${formatRequestLine({ id: start.id, method: request.method ?? "", path: loggedPath(request.url), status: response.statusCode, ms }, format)}\n`,
    );
  });
}
