// Whether the request being served is the proxy's refresh of a page an editor just saved
// (deploy/nginx/community.conf's loopback listener sends X-Page-Refresh: 1). The page cache
// (cache-handler.mjs) serves what this instance last saw when PostgreSQL is slow to answer, which keeps
// pages up through a stall; a refresh must never take that copy, or the proxy would store the page as it
// was before the edit. Shared through globalThis: Next.js loads the cache handler apart from the server.
import { AsyncLocalStorage } from "node:async_hooks";

const requests = (globalThis.__communityPageRefresh ??= new AsyncLocalStorage());

export const PAGE_REFRESH_HEADER = "x-page-refresh";

/** Runs `serve` knowing whether the request is a refresh. Anyone may send the header: it only waits longer. */
export function servingRequest(headers, serve) {
  return requests.run(headers[PAGE_REFRESH_HEADER] === "1", serve);
}

/** Whether the page is read for the proxy's refresh, which waits for PostgreSQL's answer. */
export function isPageRefresh() {
  return requests.getStore() === true;
}
