import Link from "next/link";
import type { SessionUser } from "@/lib/auth/session-user";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OVERVIEW_DAYS, STUCK_AFTER_DAYS, onboardingOverview } from "@/server/onboarding";

/** The admin dashboard's count of new members by how far they got with their first steps; who they are is at /admin/onboarding. */
export async function FirstStepsSummary({ viewer }: { viewer: SessionUser }) {
  const { counts } = await onboardingOverview(viewer);
  return (
    <Card className="mt-8" role="region" aria-labelledby="first-steps-summary-title">
      <CardHeader>
        <CardTitle as="h2" id="first-steps-summary-title">
          New members&apos; first steps
        </CardTitle>
        <CardDescription>
          Of the members who joined in the last {OVERVIEW_DAYS} days: {counts.finished} finished,{" "}
          {counts["in progress"]} on their way, {counts.stuck} stuck (not finished after {STUCK_AFTER_DAYS} days),{" "}
          {counts["never signed in"]} never signed in.{" "}
          <Link href="/admin/onboarding" className="text-primary underline underline-offset-4">
            See who
          </Link>
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
