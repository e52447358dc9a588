import { CategoryManager } from "@/components/library/admin/category-manager";

export default function LibraryCategoriesPage() {
  return <CategoryManager />;
}
