import type { Metadata } from "next";
import { MembersHome } from "@/components/home/members-home";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Home", robots: { index: false } };

// Prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): what
// is new for her loads in the browser.
export default function HomePage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <MembersHome />
    </div>
  );
}
