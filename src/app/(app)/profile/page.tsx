import type { Metadata } from "next";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { ProfilePage } from "./profile-page";

export const metadata: Metadata = { title: "My Profile", robots: { index: false } };

// Spec 02 section 2.9; decisions.md: /profile is the signed-in member.
export default async function MyProfilePage({ searchParams }: PageProps<"/profile">) {
  const me = await requirePageAccess(SIGNED_IN);
  return <ProfilePage viewer={me} userId={me.id} tab={(await searchParams).tab} />;
}
