import { request as httpRequest } from "node:http";
import { testEnv } from "./env";
import { asksForCode, freshTotpCode } from "./two-factor";

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A body sent as it is (not JSON-encoded), e.g. to send malformed input. */
  rawBody?: string;
  cookie?: string;
  /** Origin header; defaults to the server's own for state-changing calls. Pass null to omit. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

/** Calls the running server as a browser on our site would. */
export async function call(path: string, options: CallOptions = {}): Promise<CallResult> {
  const { baseUrl } = testEnv();
  const method = options.method ?? (options.body === undefined && options.rawBody === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? (method === "GET" ? null : baseUrl) : options.origin;
  if (origin) headers.origin = origin;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The session cookie (name=value) set by a response, or null. */
export function sessionCookieFrom(result: CallResult): string | null {
  for (const header of result.headers.getSetCookie()) {
    const [pair] = header.split(";");
    if (pair && /session-token=./.test(pair)) return pair;
  }
  return null;
}

/**
 * Signs in and returns the cookie header to send with later calls. When the server asks for a second
 * factor (test admins have TEST_TOTP_SECRET), it signs in again with the current code.
 */
export async function signIn(
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  let result = await call("/api/auth/login", { body: { username, password }, headers });
  if (asksForCode(result.status, result.json))
    result = await call("/api/auth/login", {
      body: { username, password, code: await freshTotpCode(username) },
      headers,
    });
  const cookie = sessionCookieFrom(result);
  if (result.status !== 200 || !cookie)
    throw new Error(`Sign-in as ${username} failed: ${result.status} ${result.text}`);
  return cookie;
}

/** A client address of its own (trusted X-Forwarded-For), so that a test never shares a rate limit. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/**
 * A request sent as written, with any method (fetch refuses TRACE and TRACK) and an address that is
 * not re-encoded (a raw NUL escape, a broken %-escape, a lone surrogate's bytes).
 */
export function rawCall(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<CallResult> {
  const { baseUrl } = testEnv();
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers, json, text });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
