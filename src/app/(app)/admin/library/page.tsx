import { permission } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { AdminItemList } from "@/components/library/admin/admin-item-list";

// Every library item by status, for holders of manage_content (linked from the Admin Panel and the library).
export default async function LibraryAdminPage() {
  await requirePageAccess(permission("manage_content"));
  return <AdminItemList />;
}
