// GET|PUT /api/cms/content - the editable sections of Home, About, Membership and Community (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { revalidatePublicPages } from "@/server/cache/public-pages";
import { getCmsContent, saveCmsContent } from "@/server/cms";
import { CMS_PAGE_PATHS, cmsContentSchema } from "@/features/cms/schemas";

export const GET = apiRoute({ access: ADMIN }, async () => getCmsContent());

export const PUT = apiRoute({ access: ADMIN, body: cmsContentSchema }, async ({ body, user }) => {
  const saved = await saveCmsContent(user, body);
  // The public pages are static; regenerate them now so the edit shows on the next visit.
  await revalidatePublicPages(Object.values(CMS_PAGE_PATHS));
  return saved;
});
