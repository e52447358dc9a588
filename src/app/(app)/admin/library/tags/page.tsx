import { permission } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { TagManager } from "@/components/library/admin/tag-manager";

export default async function LibraryTagsPage() {
  await requirePageAccess(permission("manage_content"));
  return <TagManager />;
}
