// GET /api/users/{id}/data-export - everything we hold about her, as a JSON download (hers alone: birth data and reports decrypted).
import { idParams } from "@/lib/validation";
import { SELF } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { fileResponse } from "@/lib/http/file-response";
import { exportMemberData } from "@/server/privacy";

export const GET = apiRoute({ access: SELF, params: idParams() }, async ({ user }) => {
  const data = await exportMemberData(user);
  const date = new Date().toISOString().slice(0, 10);
  return fileResponse(JSON.stringify(data, null, 2), {
    contentType: "application/json; charset=utf-8",
    filename: `my-data-${date}.json`,
    disposition: "attachment",
    extra: { "Cache-Control": "no-store" },
  });
});
