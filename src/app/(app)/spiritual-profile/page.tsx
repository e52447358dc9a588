import type { Metadata } from "next";
import { SpiritualProfileView } from "@/components/spiritual-profile/spiritual-profile-view";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Spiritual Profile", robots: { index: false } };

// Prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): her birth data and reports load in the browser.
export default function SpiritualProfilePage() {
  return (
    <div className="container mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-2 font-serif text-3xl font-semibold">Spiritual Profile</h1>
      <p className="mb-8 text-muted-foreground">
        Your astrology, Gene Keys and Human Design, calculated from your birth date, time and place.
      </p>
      <SpiritualProfileView />
    </div>
  );
}
