// GET /api/admin/courses/{id}/export - everyone's progress in a course, as CSV (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { csvResponse } from "@/server/csv";
import { COURSE_PROGRESS_CSV, courseProgressPages } from "@/server/courses/reports";

export const GET = apiRoute({ access: ADMIN, params: idParams() }, async ({ user, params }) =>
  csvResponse(COURSE_PROGRESS_CSV, courseProgressPages(user, params.id)),
);
