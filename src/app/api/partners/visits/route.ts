// POST /api/partners/visits - counts a visit of /apply?ref={code}, once per visitor (a first-party cookie) per day.
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { isVisitorId, newVisitorId, recordLinkVisit, VISITOR_COOKIE } from "@/server/affiliate/partners";
import { linkVisitSchema } from "@/features/affiliate/schemas";
import { secureCookiesEnabled } from "@/server/auth/session-cookie";

const A_YEAR = 365 * 24 * 3600;

export const POST = apiRoute(
  { access: PUBLIC, body: linkVisitSchema, maxBodyBytes: 1024 },
  async ({ request, body }) => {
    const known = request.cookies.get(VISITOR_COOKIE)?.value;
    const visitor = isVisitorId(known) ? known : newVisitorId();
    await recordLinkVisit(body.code, visitor, clientIp(request.headers));
    const response = new NextResponse(null, { status: 204 });
    if (visitor !== known) {
      response.cookies.set(VISITOR_COOKIE, visitor, {
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookiesEnabled(),
        path: "/api/partners/visits",
        maxAge: A_YEAR,
      });
    }
    return response;
  },
);
