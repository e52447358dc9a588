import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { ContentEditor } from "@/components/admin/content-editor";

export const metadata: Metadata = { title: "Content Editor", robots: { index: false } };

export default async function ContentEditorPage() {
  await requirePageAccess(ADMIN);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Content Editor</h1>
      <p className="mt-2 mb-6 text-muted-foreground">
        The text of the Home, About, Membership and Community pages. Saved changes show on the site at once.
      </p>
      <ContentEditor />
    </div>
  );
}
