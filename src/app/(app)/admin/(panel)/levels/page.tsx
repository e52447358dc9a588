import type { Metadata } from "next";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { LevelsForm } from "@/components/admin/levels-form";
import { readLadder } from "@/server/levels";

export const metadata: Metadata = { title: "Levels", robots: { index: false } };

export default async function AdminLevelsPage() {
  await requirePageAccess(ADMIN);
  const levels = await readLadder();
  return (
    <div>
      <h1 className="text-3xl font-semibold">Levels</h1>
      <p className="mt-2 mb-8 max-w-3xl text-muted-foreground">
        Members earn a point each time another member reacts to their forum post, and points for completing a course.
        Name the nine levels and set the points each one starts at.
      </p>
      <LevelsForm initial={{ levels }} />
    </div>
  );
}
