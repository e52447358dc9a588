// PATCH /api/users/{id} - the owner updates her own data (today: birth date, time and place).
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { SELF } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { saveBirthData } from "@/server/spiritual-profile";
import { updateUserSchema } from "@/server/spiritual-profile/schemas";

export const PATCH = apiRoute(
  { access: SELF, params: z.object({ id: idSchema }), body: updateUserSchema },
  async ({ user, params, body }) => ({ ...user, birthData: await saveBirthData(user, params.id, body) }),
);
