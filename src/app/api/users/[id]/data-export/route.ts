// GET /api/users/{id}/data-export - everything we hold about her, as a JSON download (hers alone: birth data and reports decrypted).
import { z, idSchema } from "@/lib/validation";
import { SELF } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { exportMemberData } from "@/server/privacy";

export const GET = apiRoute({ access: SELF, params: z.object({ id: idSchema }) }, async ({ user }) => {
  const data = await exportMemberData(user);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="my-data-${date}.json"`, "Cache-Control": "no-store" },
  });
});
