import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { SiteSettingsForm } from "@/components/admin/site-settings-form";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = { title: "Site Settings", robots: { index: false } };

export default async function SiteSettingsPage() {
  await requirePageAccess(ADMIN);
  const settings = await getSiteSettings();
  return (
    <div>
      <h1 className="text-3xl font-semibold">Site Settings</h1>
      <p className="mt-2 mb-8 max-w-3xl text-muted-foreground">
        The name, contact details and links every page shows, and the length of the free trial.
      </p>
      <SiteSettingsForm initial={settings} />
    </div>
  );
}
