// GET /api/applications - applications for review, newest first (filter by status, search); total in X-Total-Count.
import { NextResponse } from "next/server";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listApplications } from "@/server/applications/queries";
import { applicationListQuerySchema } from "@/features/applications/schemas";

export const GET = apiRoute({ access: ADMIN, query: applicationListQuerySchema }, async ({ query, user }) => {
  const { applications, total } = await listApplications(user, query);
  return NextResponse.json(applications, { headers: { "X-Total-Count": String(total) } });
});
