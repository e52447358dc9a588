// POST /api/uploads/{purpose} - upload a file (the raw bytes as the body); answers its id and URL.
import { z } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { FILE_PURPOSES } from "@/features/storage/constants";
import { storeUpload } from "@/server/storage";
import { assertCanUpload } from "@/server/storage/access";

const paramsSchema = z.object({ purpose: z.enum(FILE_PURPOSES) });

export const POST = apiRoute(
  {
    access: SIGNED_IN,
    params: paramsSchema,
    authorize: async ({ user, params }) => assertCanUpload(user, params.purpose),
  },
  async ({ request, user, params }) => {
    const length = request.headers.get("content-length");
    const stored = await storeUpload({
      body: request.body,
      declaredLength: length === null ? null : Number(length),
      purpose: params.purpose,
      uploaderId: user.id,
      originalName: request.nextUrl.searchParams.get("name"),
    });
    return created(stored);
  },
);
