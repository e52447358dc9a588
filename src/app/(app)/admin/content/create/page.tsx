import type { Metadata } from "next";
import { LibraryAdminFrame } from "@/components/library/admin/library-admin-frame";
import { ItemEditor } from "@/components/library/admin/item-editor";
import { permission } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { listEditorCategories, listEditorTags } from "@/server/library/taxonomy";

export const metadata: Metadata = { title: "Create Content", robots: { index: false } };

// The library's Create Content button leads here; holders of manage_content only.
export default async function CreateContentPage() {
  const viewer = await requirePageAccess(permission("manage_content"));
  const [categories, tags] = await Promise.all([listEditorCategories(viewer), listEditorTags(viewer)]);
  return (
    <LibraryAdminFrame>
      <ItemEditor item={null} categories={categories} tags={tags.map((tag) => tag.name)} />
    </LibraryAdminFrame>
  );
}
