import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { findMalformedText, MALFORMED_TEXT_MESSAGE, z } from "@/lib/validation";
import { checkAccess, type AccessRule } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { isStripeUnavailable, PAYMENTS_RETRY_AFTER_SECONDS, PAYMENTS_UNAVAILABLE_MESSAGE } from "@/lib/stripe-errors";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "@/lib/database-errors";
import { getCurrentUser } from "@/server/auth/current-user";
import type { SessionUser } from "@/lib/auth/session-user";
import { isSameOriginRequest } from "@/lib/http/origin";
import { siteUrl } from "@/lib/http/site-url";
import { reportedStripeRefusal } from "@/server/stripe/refusals";

type UserFor<A extends AccessRule> = A extends { kind: "public" } ? SessionUser | null : SessionUser;

export interface RouteContext<A extends AccessRule, B, Q, P> {
  request: NextRequest;
  user: UserFor<A>;
  body: B;
  query: Q;
  params: P;
}

/** A zod schema (parse throws a $ZodError). */
interface Schema<T> {
  parse(input: unknown): T;
}

interface RouteOptions<A extends AccessRule, B, Q, P, T> {
  access: A;
  /**
   * A check that needs the database, such as "her own reply" or "a category her tier opens". It runs
   * after the access rule and before the query and body are read, so a caller who may not make the
   * call learns nothing of its rules from a 400. Throw an AppError (403 or 404) to refuse.
   */
  authorize?: (context: { request: NextRequest; user: UserFor<A>; params: P; target: T }) => Promise<void>;
  /**
   * Where the call's target is named in the body, not the address (a reply's `topicId`): the part of
   * the body schema that names it (`body.pick(...)`), read first and handed to `authorize`, so that the
   * rest of the body is validated only once she may act on the target.
   */
  target?: Schema<T>;
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
  /** Largest accepted request body in bytes (default 64 KiB); larger ones get 413 before parsing. */
  maxBodyBytes?: number;
  /**
   * A POST any site may send: the one-click unsubscribe, which mail providers POST from their own
   * servers and pages (RFC 8058 section 3.2: no cookie, no confirmation). Only for a public call whose
   * authority is a token in its address and that reads no session.
   */
  crossSite?: A extends { kind: "public" } ? true : never;
}

export const TWO_FACTOR_SETUP_MESSAGE = "Set up two-factor sign-in on your Security page to use the admin tools.";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a shared cache (a proxy, a CDN) and the browser's own cache may keep of an answer made for one
 * member: nothing. Every answer of a call made with her session, or of a call only members may make,
 * carries it, errors included, unless the handler said otherwise (a file she may read for an hour).
 */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * Wraps a route handler with what every API call needs: the same-origin check for state changes,
 * the access rule, zod validation of body, query and params, and the API's one error shape.
 * The handler returns data (sent as JSON) or a Response.
 */
export function apiRoute<A extends AccessRule, B = undefined, Q = undefined, P = undefined, T = undefined>(
  options: RouteOptions<A, B, Q, P, T>,
  handler: (context: RouteContext<A, B, Q, P>) => Promise<unknown>,
) {
  return async (request: NextRequest, segment: { params?: Promise<Record<string, string | string[]>> } = {}) => {
    let personal = options.access.kind !== "public";
    const answer = (response: Response) => {
      if (personal && !response.headers.has("cache-control")) response.headers.set("Cache-Control", PRIVATE_ANSWER);
      return response;
    };
    try {
      if (!SAFE_METHODS.has(request.method) && !options.crossSite && !isSameOriginRequest(request)) {
        // Most often the site opened at a second address (127.0.0.1 for localhost): say which one works.
        throw new AppError(403, `Cross-site request refused. Use the site at ${siteUrl()}.`);
      }
      const user = await getCurrentUser();
      if (user) personal = true;
      // Who may call is decided from the session and the route's parameters alone, before the body is read.
      const rawParams = (await segment.params) ?? {};
      const decision = checkAccess(user, options.access, rawParams);
      if (decision === "unauthenticated") throw new AppError(401, "You need to sign in to do that.");
      if (decision === "forbidden") throw new AppError(403, "You do not have permission to do that.");
      if (decision === "two_factor_setup") throw new AppError(403, TWO_FACTOR_SETUP_MESSAGE);

      const params = options.params ? options.params.parse(rawParams) : (undefined as P);
      // The body is read before `authorize` only when it names the target.
      const readBody = () => readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
      const rawBody = options.target ? await readBody() : undefined;
      const target = options.target ? readTarget(options.target, options.body, rawBody) : (undefined as T);
      if (options.authorize) await options.authorize({ request, user: user as UserFor<A>, params, target });
      const query = options.query
        ? options.query.parse(Object.fromEntries(request.nextUrl.searchParams))
        : (undefined as Q);
      const body = options.body ? options.body.parse(options.target ? rawBody : await readBody()) : (undefined as B);

      const result = await handler({ request, user: user as UserFor<A>, body, query, params });
      return answer(result instanceof Response ? result : NextResponse.json(result ?? { ok: true }));
    } catch (error) {
      return answer(await errorResponse(error));
    }
  };
}

/** The body as text, refusing (413) one longer than `limit` bytes without reading the rest of it. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const payloadTooLarge = (limit: number) =>
  new AppError(413, `The request body is larger than ${Math.round(limit / 1024)} KiB.`);

/** The target named in the body; when it is not valid, the whole body's errors (400) in one answer. */
function readTarget<T>(target: Schema<T>, body: Schema<unknown> | undefined, raw: unknown): T {
  try {
    return target.parse(raw);
  } catch (error) {
    body?.parse(raw);
    throw error;
  }
}

/** application/json, or a JSON-based type such as application/merge-patch+json. */
const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

async function readJson(request: NextRequest, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  if (!text) return {};
  if (!JSON_CONTENT_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(415, "The request body must be JSON (Content-Type: application/json).");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON.");
  }
  // A NUL or a lone surrogate ("\u0000", "\ud800") is valid JSON but not text PostgreSQL stores; the
  // address and query were checked before the app saw the request (src/lib/http/request-guard.mjs).
  const malformed = findMalformedText(value);
  if (malformed)
    throw new AppError(400, MALFORMED_TEXT_MESSAGE, { [malformed.join(".") || "_"]: MALFORMED_TEXT_MESSAGE });
  return value;
}

/**
 * The answer to a failed call, in the spec's error shape. Stripe refusing a call is answered 402 (a
 * declined card, in the card's words) or 502 (Stripe's words) and listed for the admins
 * (src/server/stripe/refusals.ts), once the transaction it happened in has ended.
 */
export async function errorResponse(thrown: unknown): Promise<NextResponse> {
  const error = await reportedStripeRefusal(thrown);
  if (error instanceof z.core.$ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      fields[key] ??= issue.message;
    }
    return NextResponse.json(
      { error: error.issues[0]?.message ?? "The request is not valid.", fields },
      { status: 400 },
    );
  }
  if (error instanceof AppError) {
    const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error("[api] database unavailable:", cause instanceof Error ? cause.message : cause);
    return NextResponse.json(
      { error: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  if (isStripeUnavailable(error)) {
    console.error("[api] Stripe unavailable:", error.message);
    return NextResponse.json(
      { error: PAYMENTS_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { "Retry-After": String(PAYMENTS_RETRY_AFTER_SECONDS) } },
    );
  }
  console.error("[api] unexpected error", error);
  return NextResponse.json({ error: "Something went wrong. Please try again." }, { status: 500 });
}

export function created(data: unknown): NextResponse {
  return NextResponse.json(data, { status: 201 });
}

/** For work the job queue will do: the request was taken, the work is on its way. */
export function accepted(data: unknown): NextResponse {
  return NextResponse.json(data, { status: 202 });
}
