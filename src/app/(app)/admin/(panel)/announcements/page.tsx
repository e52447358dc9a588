import type { Metadata } from "next";
import { AnnouncementForm } from "@/components/admin/announcement-form";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Announcements", robots: { index: false } };

/** An announcement to every member with a tier: in their notifications, by email for those who chose it. */
export default async function AnnouncementsPage() {
  await requirePageAccess(ADMIN);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-semibold">Announcements</h1>
      <p className="max-w-3xl text-muted-foreground">
        Tell every member something at once. It appears in their notifications; members who chose email for
        announcements also get it by email.
      </p>
      <AnnouncementForm />
    </div>
  );
}
