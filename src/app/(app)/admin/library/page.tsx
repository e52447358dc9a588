import { AdminItemList } from "@/components/library/admin/admin-item-list";

// Every library item by status, for holders of manage_content (linked from the Admin Panel and the library).
export default function LibraryAdminPage() {
  return <AdminItemList />;
}
