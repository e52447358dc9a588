import type { Metadata } from "next";
import { LeaderboardView } from "@/components/levels/leaderboard-view";

// The same for every member: the board itself loads in the browser (GET /api/leaderboard).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Leaderboard", robots: { index: false } };

export default function LeaderboardPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold">Leaderboard</h1>
      <p className="mt-2 text-muted-foreground">
        Members earn a point each time another member reacts to their forum post. Members who hide themselves from the
        directory are not listed.
      </p>
      <div className="mt-8">
        <LeaderboardView />
      </div>
    </div>
  );
}
