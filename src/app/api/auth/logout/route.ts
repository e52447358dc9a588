// POST /api/auth/logout - end the current session.
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { logOut } from "@/server/auth/login";

export const POST = apiRoute({ access: PUBLIC }, async () => {
  await logOut();
  return { ok: true };
});
