import "server-only";
import { actsAsAdmin } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import type { SessionUser } from "@/lib/auth/session-user";

/**
 * Who makes a change that is audited or emailed, built one way (actorOf) from the request: the viewer
 * (whom the data function checks through src/lib/auth/access.ts), her id as the audit log records it,
 * whether she acts as an administrator, her address as the client's address rules read it, and the
 * site's address for the links of the emails the change sends.
 */
export interface Actor {
  viewer: SessionUser;
  id: number;
  actsAsAdmin: boolean;
  ip: string;
  baseUrl: string;
}

export function actorOf(viewer: SessionUser, headers: Headers): Actor {
  return { viewer, id: viewer.id, actsAsAdmin: actsAsAdmin(viewer), ip: clientIp(headers), baseUrl: siteUrl() };
}
