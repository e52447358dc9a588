// GET|PUT /api/admin/settings - the site's name, contact details, links and trial length (admins only).
import { revalidatePath } from "next/cache";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { getSiteSettings, saveSiteSettings } from "@/server/settings";
import { siteSettingsUpdateSchema } from "@/server/settings/schema";

export const GET = apiRoute({ access: ADMIN }, async () => getSiteSettings());

export const PUT = apiRoute({ access: ADMIN, body: siteSettingsUpdateSchema }, async ({ body, user }) => {
  const saved = await saveSiteSettings(body, user?.id ?? null);
  // Every page shows the name and contact details (navbar, footer, metadata): regenerate them all.
  revalidatePath("/", "layout");
  return saved;
});
