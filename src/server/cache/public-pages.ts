import "server-only";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { revalidatePath } from "next/cache";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/http/site-url";

/**
 * The tags Next.js' revalidatePath invalidates (its "How revalidation works" guide: `_N_T_/blog/hello`
 * for a page, `_N_T_/blog/layout` for everything under a layout; the home page is also `/index`).
 */
export function pathTags(path: string, type: "page" | "layout" = "page"): string[] {
  const clean = path === "/" ? "" : path.replace(/\/$/, "");
  if (type === "layout") return [`_N_T_${clean}/layout`];
  return clean ? [`_N_T_${clean}`] : ["_N_T_/", "_N_T_/index"];
}

/** The public pages search engines index (the sitemap lists them with posts and events). */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/about",
  "/membership",
  "/events",
  "/community",
  "/apply",
  "/blog",
  "/faq",
  "/contact",
  "/terms",
  "/privacy",
];

export interface PublicPath {
  path: string;
  type?: "page" | "layout";
}

/**
 * Makes public pages fresh everywhere at once, before the caller answers: Next.js' own revalidation
 * (which a route handler otherwise finishes after its response), then expirePublicPages.
 */
export async function revalidatePublicPages(paths: Array<string | PublicPath>): Promise<void> {
  const list = withTypes(paths);
  for (const { path, type } of list) revalidatePath(path, type === "layout" ? "layout" : undefined);
  await expirePublicPages(list);
}

/**
 * The part of revalidatePublicPages that works outside a request too (a background job, where
 * Next.js has no store to revalidate in): the shared page cache of every instance (cache-handler.mjs
 * reads next_cache_tags), then the proxy's copy (PROXY_CACHE_REFRESH_URL, a loopback listener of
 * nginx that fetches from the app and stores the answer: deploy/nginx).
 */
export async function expirePublicPages(paths: Array<string | PublicPath>): Promise<void> {
  const list = withTypes(paths);
  const tags = [...new Set(list.flatMap(({ path, type }) => pathTags(path, type)))];
  await db.execute(sql`
    insert into next_cache_tags (tag, expired_at)
    select unnest(array[${sql.join(
      tags.map((tag) => sql`${tag}`),
      sql`, `,
    )}]::text[]), ${Date.now()}
    on conflict (tag) do update set expired_at = excluded.expired_at`);
  await refreshProxyCache([...new Set(list.filter((p) => p.type === "page").map((p) => p.path))]);
}

function withTypes(paths: Array<string | PublicPath>): Required<PublicPath>[] {
  return paths.map((p) =>
    typeof p === "string" ? { path: p, type: "page" as const } : { type: "page" as const, ...p },
  );
}

async function refreshProxyCache(paths: string[]): Promise<void> {
  const base = env().PROXY_CACHE_REFRESH_URL;
  if (!base) return;
  await Promise.all(
    paths.map((path) =>
      askForPage(new URL(path, base)).catch((error) =>
        console.error(
          `[cache] could not refresh ${path} in the proxy:`,
          error instanceof Error ? error.message : error,
        ),
      ),
    ),
  );
}

/**
 * GET `url`, read to its end, naming the site's own host (APP_URL's): the app sends a page asked for
 * under another host to the site's address (scripts/serve.mjs), and the proxy would store that
 * redirect in place of the page. (fetch cannot set Host.)
 */
function askForPage(url: URL): Promise<void> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const options = { headers: { host: new URL(siteUrl()).host }, signal: AbortSignal.timeout(5000) };
    const outgoing = request(url, options, (response) => {
      response.resume();
      response.on("end", resolve);
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
