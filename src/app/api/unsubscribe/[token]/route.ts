// POST /api/unsubscribe/<token> - the one-click unsubscribe of every bulk email (RFC 8058,
// docs/decisions/044-one-unsubscribe.md). The emails' List-Unsubscribe names the page,
// /unsubscribe/<token>, whose POST src/proxy.ts hands here; the page's button calls it directly.
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribe } from "@/server/unsubscribe";
import { unsubscribeParamsSchema } from "@/features/email/schemas";

// The provider POSTs the form body "List-Unsubscribe=One-Click" from its own servers, with no cookie
// and no Origin of ours: the token is the authority, the body is not read, it is done at once.
export const POST = apiRoute(
  { access: PUBLIC, params: unsubscribeParamsSchema, crossSite: true },
  async ({ params }) => {
    if (!(await unsubscribe(params.token))) throw notFound("This unsubscribe link is not valid.");
    return { message: "You have been unsubscribed." };
  },
);
