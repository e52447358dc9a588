import "server-only";
import { actsAsAdmin } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import type { SessionUser } from "@/server/auth/sessions";
import type { BillingActor } from "./changes";

export function billingActor(user: SessionUser, headers: Headers): BillingActor {
  return { id: user.id, actsAsAdmin: actsAsAdmin(user), ip: clientIp(headers), baseUrl: siteUrl() };
}
