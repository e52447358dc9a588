import type { IncomingHttpHeaders } from "node:http";

export function requestedHost(headers: IncomingHttpHeaders, trustProxy: boolean): string | null;

export function siteAddressRedirect(
  request: { method: string | undefined; url: string | undefined; host: string | null },
  siteOrigin: string | undefined,
): string | null;
