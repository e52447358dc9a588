import Link from "next/link";
import type { Headline } from "@/features/dashboard/types";
import { formatCents } from "@/lib/format";

const count = (value: number) => value.toLocaleString("en-US");
const DAY_OF_MONTH = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });

function Figure({ label, value, children }: { label: string; value: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}

const linkClass = "font-medium text-primary underline underline-offset-4";

/** The dashboard's headline: how the community stands today, above the charts of the period. */
export function HeadlineFigures({ headline }: { headline: Headline }) {
  const { membersByStatus: members } = headline;
  return (
    <section aria-labelledby="headline-heading" className="mt-4">
      <h3 id="headline-heading" className="sr-only">
        Today
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Active members" value={count(members.active)}>
          {count(members.disabled)} disabled, {count(members.deletionPending)} deletion pending.{" "}
          <Link href="/admin/members" className={linkClass}>
            See members
          </Link>
        </Figure>
        <Figure label="Applications waiting" value={count(headline.applicationsWaiting)}>
          <Link href="/admin/applications" className={linkClass}>
            Review applications
          </Link>
        </Figure>
        <Figure label="Monthly recurring revenue" value={formatCents(headline.monthlyRecurringRevenue)}>
          Active and past-due memberships, by card or bank transfer
        </Figure>
        <Figure label="Active this month" value={count(headline.activeThisMonth)}>
          Members seen since {DAY_OF_MONTH.format(headline.monthStart)} (UTC)
        </Figure>
      </dl>
    </section>
  );
}
