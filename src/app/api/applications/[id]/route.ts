// GET /api/applications/{id} - one application.
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { getApplication } from "@/server/applications/queries";

export const GET = apiRoute({ access: ADMIN, params: z.object({ id: idSchema }) }, async ({ params }) => getApplication(params.id));
