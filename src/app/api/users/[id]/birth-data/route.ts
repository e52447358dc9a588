// DELETE /api/users/{id}/birth-data - the owner deletes her birth data and the reports made from it.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF } from "@/lib/auth/access";
import { deleteBirthData } from "@/server/spiritual-profile";

export const DELETE = apiRoute({ access: SELF, params: idParams() }, async ({ user, params }) => {
  await deleteBirthData(user, params.id);
  return { ok: true };
});
