import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SIGNED_IN } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { AppError } from "@/lib/errors";
import { requirePageAccess } from "@/server/auth/current-user";
import { ProfilePage } from "../profile-page";

export const metadata: Metadata = { title: "Member Profile", robots: { index: false } };

// decisions.md: /profile/{id} is another member's profile (the spec's default id 1 is dropped).
export default async function MemberProfilePage({ params, searchParams }: PageProps<"/profile/[id]">) {
  const me = await requirePageAccess(SIGNED_IN);
  const parsed = idSchema.safeParse((await params).id);
  if (!parsed.success) notFound();
  const tab = (await searchParams).tab;
  if (parsed.data === me.id) redirect(tab ? `/profile?tab=${encodeURIComponent(String(tab))}` : "/profile");
  try {
    return await ProfilePage({ viewer: me, userId: parsed.data, tab });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}
