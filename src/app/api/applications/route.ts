// GET /api/applications - applications for review, newest first (filter by status, search), a keyset page at a
// time (`after`, the next page's cursor in X-Next-Cursor); the answer stays a bare list, total in X-Total-Count.
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listApplications } from "@/server/applications/queries";
import { nextCursorHeader } from "@/server/pagination";
import { applicationListQuerySchema } from "@/features/applications/schemas";

export const GET = apiRoute({ access: ADMIN, query: applicationListQuerySchema }, async ({ query, user }) => {
  const { applications, total, next } = await listApplications(user, query);
  return NextResponse.json(applications, { headers: { "X-Total-Count": String(total), ...nextCursorHeader(next) } });
});
