import type { Metadata } from "next";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { getSpiritualProfile } from "@/server/spiritual-profile";
import { SpiritualProfile } from "@/components/spiritual-profile/spiritual-profile";

export const metadata: Metadata = { title: "Spiritual Profile", robots: { index: false } };

export default async function SpiritualProfilePage() {
  const user = await requirePageAccess(SIGNED_IN);
  const profile = await getSpiritualProfile(user, user.id);
  return (
    <div className="container mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-2 font-serif text-3xl font-semibold">Spiritual Profile</h1>
      <p className="mb-8 text-muted-foreground">Your astrology, Gene Keys and Human Design, calculated from your birth date, time and place.</p>
      <SpiritualProfile userId={user.id} initial={profile} />
    </div>
  );
}
