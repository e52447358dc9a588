import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ItemEditor } from "@/components/library/admin/item-editor";
import { permission } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { pageId } from "@/lib/page-input";
import { requirePageAccess } from "@/server/auth/current-user";
import { getEditorItem } from "@/server/library/editor";
import { listEditorCategories, listEditorTags } from "@/server/library/taxonomy";

export const metadata: Metadata = { title: "Edit Content", robots: { index: false } };

export default async function EditContentPage({ params }: PageProps<"/admin/library/items/[id]">) {
  // The layout guards too, but layouts and pages render side by side: the page checks before it reads.
  const viewer = await requirePageAccess(permission("manage_content"));
  const id = pageId((await params).id);
  const item = await getEditorItem(viewer, id).catch((error) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!item) notFound();
  const [categories, tags] = await Promise.all([listEditorCategories(viewer), listEditorTags(viewer)]);
  const { publishedAt: _publishedAt, ...values } = item;
  return <ItemEditor item={values} categories={categories} tags={tags.map((tag) => tag.name)} />;
}
