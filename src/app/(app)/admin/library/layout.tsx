import type { Metadata } from "next";
import { LibraryAdminFrame } from "@/components/library/admin/library-admin-frame";
import { permission } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Library Management", robots: { index: false } };

export default async function LibraryAdminLayout({ children }: { children: React.ReactNode }) {
  await requirePageAccess(permission("manage_content"));
  return <LibraryAdminFrame>{children}</LibraryAdminFrame>;
}
