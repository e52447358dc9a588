import { env } from "@/lib/env";

/**
 * The site's public address, e.g. https://community.example: the base of every link in emails and
 * feeds, and the only origin the cross-site check accepts. It is APP_URL and never a request header,
 * which a client writes. Every serving instance has it (the launcher and the test server set
 * http://localhost:PORT when it is unset; src/server/instance refuses to start without it); only a
 * build without it falls back to http://localhost:3000.
 */
export function siteUrl(): string {
  const configured = env().APP_URL;
  return configured ? new URL(configured).origin : "http://localhost:3000";
}
