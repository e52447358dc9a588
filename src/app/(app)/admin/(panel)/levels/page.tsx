import type { Metadata } from "next";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { LevelsForm } from "@/components/admin/levels-form";
import { RecomputePointsButton } from "@/components/admin/recompute-points-button";
import { formatDateTime } from "@/lib/format";
import { readLadder, recomputeStatus } from "@/server/levels";
import type { RecomputeStatus } from "@/features/levels/types";

export const metadata: Metadata = { title: "Levels", robots: { index: false } };

function recomputeSummary({ last, pending }: RecomputeStatus): string {
  if (pending) return "A recompute is on its way; reload this page to see its result.";
  if (!last) return "Not recomputed yet.";
  return `Last recomputed ${formatDateTime(last.at)}: ${last.entries.toLocaleString("en-US")} ledger entries; ${last.corrected.toLocaleString("en-US")} totals corrected.`;
}

export default async function AdminLevelsPage() {
  const viewer = await requirePageAccess(ADMIN);
  const [levels, recompute] = await Promise.all([readLadder(), recomputeStatus(viewer)]);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Levels</h1>
      <p className="mt-2 mb-8 max-w-3xl text-muted-foreground">
        Members earn a point each time another member reacts to their forum post, and points for completing a course.
        Name the nine levels and set the points each one starts at.
      </p>
      <LevelsForm initial={{ levels }} />
      <section aria-labelledby="recompute-heading" className="mt-8 grid max-w-3xl gap-3 rounded-xl border bg-card p-5">
        <h2 id="recompute-heading" className="text-lg font-semibold">
          Recompute points
        </h2>
        <p className="text-sm text-muted-foreground">
          Rebuilds the points for reactions from the forum&apos;s reactions, and every member&apos;s total from the
          ledger.
        </p>
        <p role="status" className="text-sm">
          {recomputeSummary(recompute)}
        </p>
        <div>
          <RecomputePointsButton />
        </div>
      </section>
    </div>
  );
}
