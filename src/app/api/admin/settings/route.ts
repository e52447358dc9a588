// GET|PUT /api/admin/settings - the site's name, contact details, links and trial length (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC_PAGE_PATHS, revalidatePublicPages } from "@/server/cache/public-pages";
import { getSiteSettings, saveSiteSettings } from "@/server/settings";
import { siteSettingsUpdateSchema } from "@/features/settings/schemas";

export const GET = apiRoute({ access: ADMIN }, async () => getSiteSettings());

export const PUT = apiRoute({ access: ADMIN, body: siteSettingsUpdateSchema }, async ({ body, user }) => {
  const saved = await saveSiteSettings(user, body);
  // Every page shows the name and contact details (navbar, footer, metadata): regenerate them all.
  await revalidatePublicPages([{ path: "/", type: "layout" }, ...PUBLIC_PAGE_PATHS]);
  return saved;
});
