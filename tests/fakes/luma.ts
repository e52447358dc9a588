import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { demoEvents } from "@/db/seed/demo-events";
import type { LumaEntry } from "@/server/events/luma-mapping";
import { lumaEventEntry } from "./luma-entries";
import { listenOnLoopback } from "./listen";

/** Where the fake's event covers claim to live (https, like Luma's CDN); see tests/e2e/fixtures.ts. */
export const FAKE_LUMA_IMAGE_ORIGIN = "https://images.fake-luma.test";

export const FAKE_LUMA_API_KEY = "fake-luma-api-key";
const LIST_PATH = "/v1/calendars/events/list";

interface FakeState {
  entries: LumaEntry[];
  /** Luma caps the page size; tests lower it to exercise paging. */
  maxPageSize: number;
  /** The next N list requests answer 429 with Retry-After. */
  rateLimited: number;
  retryAfterSeconds: number;
  /** While true every list request answers 503, as when Luma is down. */
  down: boolean;
  listRequests: number;
}

/** The demo database's Luma events in Luma's current wire format, covers served by this fake as a CDN would. */
function demoEntries(): LumaEntry[] {
  return demoEvents(new Date())
    .filter((event) => event.source === "luma")
    .map((event) =>
      lumaEventEntry({
        id: event.externalId!,
        name: event.title,
        description: event.description,
        startAt: event.startsAt,
        endAt: event.endsAt,
        timezone: event.timezone,
        venue:
          event.locationName && event.locationName !== "Online"
            ? { address: event.locationName, fullAddress: event.address ?? null }
            : null,
        coordinate:
          event.latitude != null && event.longitude != null
            ? { latitude: event.latitude, longitude: event.longitude }
            : null,
        meetingUrl: event.onlineUrl ?? null,
        coverUrl: `${FAKE_LUMA_IMAGE_ORIGIN}${event.imageUrl}`,
        url: event.url ?? undefined,
        visibility: event.accessType === "members" ? "members-only" : "public",
        tags: [event.type, ...(event.featured ? ["featured"] : [])],
      }),
    );
}

/** When an entry starts, in either shape (the fake also serves the older nested shape when a test sets it). */
const startOf = (entry: LumaEntry): string => ("event" in entry ? entry.event?.start_at : entry.start_at) ?? "";

function json(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function readBody<T>(request: http.IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * A fake of Luma's public API on 127.0.0.1, answering in the shape of its OpenAPI document (see luma-entries.ts): GET /v1/calendars/events/list with the x-luma-api-key
 * header, cursor paging (has_more/next_cursor), `after` filtering, 429 with Retry-After and 503
 * outages. Tests steer it through /_fake/*: PUT /_fake/entries, POST /_fake/config, GET /_fake/state,
 * POST /_fake/reset. It also serves event covers under /images/; the events it lists point at them
 * on FAKE_LUMA_IMAGE_ORIGIN, an https origin as on Luma's CDN, which the browser tests route here.
 */
export async function startFakeLuma() {
  let baseUrl = "";
  const initial = (): FakeState => ({
    entries: demoEntries(),
    maxPageSize: 50,
    rateLimited: 0,
    retryAfterSeconds: 1,
    down: false,
    listRequests: 0,
  });
  let state: FakeState;

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", baseUrl);
      if (url.pathname === LIST_PATH && request.method === "GET") {
        state.listRequests++;
        if (request.headers["x-luma-api-key"] !== FAKE_LUMA_API_KEY)
          return json(response, 401, { message: "Invalid API key" });
        if (state.down) return json(response, 503, { message: "Service Unavailable" });
        if (state.rateLimited > 0) {
          state.rateLimited--;
          return json(
            response,
            429,
            { message: "Too many requests" },
            { "retry-after": String(state.retryAfterSeconds) },
          );
        }
        const after = url.searchParams.get("after");
        const matching = state.entries
          .filter((entry) => !after || !startOf(entry) || startOf(entry) >= after)
          .sort((a, b) => startOf(a).localeCompare(startOf(b)));
        const limit = Math.min(Number(url.searchParams.get("pagination_limit") ?? 50) || 50, state.maxPageSize);
        const cursor = url.searchParams.get("pagination_cursor");
        const offset = cursor ? Number(Buffer.from(cursor, "base64url").toString()) : 0;
        if (!Number.isInteger(offset) || offset < 0) return json(response, 400, { message: "Invalid cursor" });
        const page = matching.slice(offset, offset + limit);
        const hasMore = offset + limit < matching.length;
        return json(response, 200, {
          entries: page,
          has_more: hasMore,
          next_cursor: hasMore ? Buffer.from(String(offset + limit)).toString("base64url") : null,
        });
      }
      if (url.pathname.startsWith("/images/") && request.method === "GET") {
        const file = path.join(process.cwd(), "public/images", path.basename(url.pathname));
        const svg = await readFile(file).catch(() => null);
        if (!svg) return json(response, 404, { message: "Not found" });
        response.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" });
        return response.end(svg);
      }
      if (url.pathname === "/_fake/entries" && request.method === "PUT") {
        state.entries = (await readBody<{ entries: LumaEntry[] }>(request)).entries;
        return json(response, 200, { ok: true });
      }
      if (url.pathname === "/_fake/config" && request.method === "POST") {
        const body = await readBody<Partial<FakeState>>(request);
        state = { ...state, ...body };
        return json(response, 200, { ok: true });
      }
      if (url.pathname === "/_fake/state" && request.method === "GET") return json(response, 200, state);
      if (url.pathname === "/_fake/reset" && request.method === "POST") {
        state = initial();
        return json(response, 200, { ok: true });
      }
      json(response, 404, { message: "Not found" });
    } catch (error) {
      json(response, 500, { message: String(error) });
    }
  });
  await listenOnLoopback(server);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state = initial();
  return {
    // The app server gets the base URL but no key, so that only the tests pull (at moments they choose).
    env: { LUMA_API_BASE_URL: baseUrl, FAKE_LUMA_API_KEY },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
