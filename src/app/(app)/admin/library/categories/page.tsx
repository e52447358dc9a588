import { permission } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { CategoryManager } from "@/components/library/admin/category-manager";

export default async function LibraryCategoriesPage() {
  await requirePageAccess(permission("manage_content"));
  return <CategoryManager />;
}
