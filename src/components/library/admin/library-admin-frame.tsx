import { SectionFrame } from "@/components/admin/section-frame";

const SECTIONS = [
  { href: "/admin/library", label: "Items" },
  { href: "/admin/content/create", label: "Create Content" },
  { href: "/admin/library/categories", label: "Categories" },
  { href: "/admin/library/tags", label: "Tags" },
  { href: "/library", label: "View the library" },
];

/**
 * The library's management screens, for holders of manage_content (admins or not): the item list,
 * the editor, categories and tags. They sit outside the admin-only (panel) group, with this frame.
 */
export function LibraryAdminFrame({ children }: { children: React.ReactNode }) {
  return (
    <SectionFrame label="Library management" sections={SECTIONS}>
      {children}
    </SectionFrame>
  );
}
