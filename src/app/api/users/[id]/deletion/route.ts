// POST /api/users/{id}/deletion - she asks for her account to be deleted (her password confirms; erased after 30 days unless she signs in).
import { idParams } from "@/lib/validation";
import { SELF } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { logOut } from "@/server/auth/login";
import { requestAccountDeletion } from "@/server/privacy";
import { deletionRequestSchema } from "@/features/privacy/schemas";

export const POST = apiRoute(
  { access: SELF, params: idParams(), body: deletionRequestSchema },
  async ({ user, body, request }) => {
    const erasesAt = await requestAccountDeletion(user.id, body.password, clientIp(request.headers));
    await logOut();
    return { erasesAt };
  },
);
