import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { checkAccess, type AccessRule } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { getCurrentUser } from "@/server/auth/current-user";
import type { SessionUser } from "@/server/auth/sessions";
import { isSameOriginRequest } from "./origin";

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

interface RouteOptions<A extends AccessRule, B, Q, P> {
  access: A;
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Wraps a route handler with what every API call needs: the same-origin check for state changes,
 * the access rule, zod validation of body, query and params, and the error shape of decisions.md.
 * The handler returns data (sent as JSON) or a Response.
 */
export function apiRoute<A extends AccessRule, B = undefined, Q = undefined, P = undefined>(
  options: RouteOptions<A, B, Q, P>,
  handler: (context: RouteContext<A, B, Q, P>) => Promise<unknown>,
) {
  return async (request: NextRequest, segment: { params?: Promise<Record<string, string | string[]>> } = {}) => {
    try {
      if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
        throw new AppError(403, "Cross-site request refused.");
      }
      const user = await getCurrentUser();
      const decision = checkAccess(user, options.access);
      if (decision === "unauthenticated") throw new AppError(401, "You need to sign in to do that.");
      if (decision === "forbidden") throw new AppError(403, "You do not have permission to do that.");

      const params = options.params ? options.params.parse((await segment.params) ?? {}) : (undefined as P);
      const query = options.query ? options.query.parse(Object.fromEntries(request.nextUrl.searchParams)) : (undefined as Q);
      const body = options.body ? options.body.parse(await readJson(request)) : (undefined as B);

      const result = await handler({ request, user: user as UserFor<A>, body, query, params });
      if (result instanceof Response) return result;
      return NextResponse.json(result ?? { ok: true });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

async function readJson(request: NextRequest): Promise<unknown> {
  const text = await request.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON.");
  }
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof z.core.$ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      fields[key] ??= issue.message;
    }
    return NextResponse.json({ error: error.issues[0]?.message ?? "Invalid input", fields }, { status: 400 });
  }
  if (error instanceof AppError) {
    const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  console.error("[api] unexpected error", error);
  return NextResponse.json({ error: "Something went wrong. Please try again." }, { status: 500 });
}

export function created(data: unknown): NextResponse {
  return NextResponse.json(data, { status: 201 });
}
