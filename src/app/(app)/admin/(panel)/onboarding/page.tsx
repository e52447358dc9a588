import type { Metadata } from "next";
import Link from "next/link";
import { OnboardingStepsForm } from "@/components/admin/onboarding/onboarding-steps-form";
import { StartHereForm } from "@/components/admin/onboarding/start-here-form";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { DataTable } from "@/components/ui/data-table";
import { formatDate } from "@/lib/format";
import type { OnboardingStatus } from "@/features/onboarding/constants";
import { onboardingOverviewQuerySchema } from "@/features/onboarding/types";
import { OVERVIEW_DAYS, STUCK_AFTER_DAYS, onboardingOverview, startHereChoices } from "@/server/onboarding";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = { title: "Onboarding", robots: { index: false } };

const STATUS_LINKS: { status: OnboardingStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  { status: "finished", label: "Finished" },
  { status: "in progress", label: "On their way" },
  { status: "stuck", label: "Stuck" },
  { status: "never signed in", label: "Never signed in" },
];

export default async function OnboardingPage({ searchParams }: PageProps<"/admin/onboarding">) {
  const viewer = await requirePageAccess(ADMIN);
  const parsed = onboardingOverviewQuerySchema.safeParse(await searchParams);
  const status = parsed.success ? parsed.data.status : undefined;
  const [{ onboardingSteps, startHereItemId }, { members, counts }] = await Promise.all([
    getSiteSettings(),
    onboardingOverview(viewer, status),
  ]);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
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
      <nav aria-label="New members by status" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {STATUS_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                href={
                  link.status
                    ? `/admin/onboarding?${new URLSearchParams({ status: link.status })}`
                    : "/admin/onboarding"
                }
                aria-current={link.status === status ? "page" : undefined}
                className="block rounded-md border px-3 py-1.5 hover:bg-accent aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
              >
                {link.label} ({link.status ? counts[link.status] : total})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DataTable
        caption={`New members and their first steps, newest first${status ? `: ${status}` : ""}`}
        columns={["Member", "Joined", "Last seen", "Steps done", "Status"]}
        empty={status ? `No new member is ${status} now.` : `Nobody joined in the last ${OVERVIEW_DAYS} days.`}
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
