// DELETE /api/users/{id}/birth-data - the owner deletes her birth data and the reports made from it.
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { SELF } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { deleteBirthData } from "@/server/spiritual-profile";

export const DELETE = apiRoute({ access: SELF, params: z.object({ id: idSchema }) }, async ({ user, params }) => {
  await deleteBirthData(user, params.id);
  return { ok: true };
});
