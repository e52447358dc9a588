import type { Metadata } from "next";
import { MemberDirectory } from "@/components/members/member-directory";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Members", robots: { index: false } };

export default function MembersPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold">Members</h1>
      <p className="mt-2 text-muted-foreground">
        Find members by name, place, interest or mentor topic. You can hide yourself from the directory in Edit Profile.
      </p>
      <div className="mt-8">
        <MemberDirectory />
      </div>
    </div>
  );
}
