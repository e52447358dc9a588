import type { Metadata } from "next";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Library", robots: { index: false } };

// Spec 02 section 2.1: every library page needs a signed-in member (the proxy redirects first).
export default async function LibraryLayout({ children }: { children: React.ReactNode }) {
  await requirePageAccess(SIGNED_IN);
  return <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">{children}</div>;
}
