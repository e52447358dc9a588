import { TagManager } from "@/components/library/admin/tag-manager";

export default function LibraryTagsPage() {
  return <TagManager />;
}
