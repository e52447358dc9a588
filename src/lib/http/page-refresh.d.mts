import type { IncomingHttpHeaders } from "node:http";

export const PAGE_REFRESH_HEADER: "x-page-refresh";

export function servingRequest<T>(headers: IncomingHttpHeaders, serve: () => T): T;

export function isPageRefresh(): boolean;
