import type { Metadata } from "next";
import Link from "next/link";
import { OnboardingStepsForm } from "@/components/admin/onboarding/onboarding-steps-form";
import { StartHereForm } from "@/components/admin/onboarding/start-here-form";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { DataTable } from "@/components/ui/data-table";
import { formatDate } from "@/lib/format";
import { OVERVIEW_DAYS, STUCK_AFTER_DAYS, onboardingOverview, startHereChoices } from "@/server/onboarding";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = { title: "Onboarding", robots: { index: false } };

export default async function OnboardingPage() {
  const viewer = await requirePageAccess(ADMIN);
  const [{ onboardingSteps, startHereItemId }, { members, counts }] = await Promise.all([
    getSiteSettings(),
    onboardingOverview(viewer),
  ]);
  const choices = await startHereChoices(viewer, startHereItemId);
  const count = (status: keyof typeof counts) => counts[status];
  return (
    <div>
      <h1 className="text-3xl font-semibold">Onboarding</h1>
      <p className="mt-2 mb-8 max-w-3xl text-muted-foreground">
        The first steps a member sees on her home until she has done them or hides them. Each is ticked when she does
        it.
      </p>
      <OnboardingStepsForm initial={onboardingSteps} />
      <div className="mt-12">
        <StartHereForm initial={startHereItemId} choices={choices} />
      </div>
      <h2 className="mt-12 text-xl font-semibold">New members</h2>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Members who joined in the last {OVERVIEW_DAYS} days: {count("finished")} finished, {count("in progress")} on
        their way, {count("stuck")} stuck (not finished after {STUCK_AFTER_DAYS} days), {count("never signed in")} never
        signed in.
      </p>
      <DataTable
        caption="New members and their first steps, newest first"
        columns={["Member", "Joined", "Last seen", "Steps done", "Status"]}
        empty={`Nobody joined in the last ${OVERVIEW_DAYS} days.`}
        isEmpty={members.length === 0}
        className="mt-4"
      >
        {members.map((m) => (
          <tr key={m.id} className="border-b last:border-b-0">
            <td className="px-4 py-3">
              <Link href={`/admin/members/${m.id}`} className="text-primary underline-offset-4 hover:underline">
                {m.name}
              </Link>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(m.joinedAt)}</td>
            <td className="px-4 py-3 whitespace-nowrap">{m.lastSeenAt ? formatDate(m.lastSeenAt) : "Never"}</td>
            <td className="px-4 py-3">
              {m.done} of {m.total}
            </td>
            <td className="px-4 py-3">{m.status}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
