import Link from "next/link";
import { formatCents } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { Dashboard } from "@/features/dashboard/types";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "@/features/dashboard/periods";
import { Chart, type ChartRow, type Series, type ValueFormat } from "./chart";
import { HeadlineFigures } from "./headline-figures";

const COLORS = {
  plum: "#6b2150",
  rose: "#a3336f",
  green: "#17663a",
  red: "#b42318",
  blue: "#1d4ed8",
  amber: "#b45309",
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A bucket's start (YYYY-MM-DD, UTC) as the chart and table show it. */
function bucketLabel(bucket: string, period: DashboardPeriod): string {
  const [year, month, day] = bucket.split("-").map(Number) as [number, number, number];
  if (period === "12m") return `${MONTHS[month - 1]} ${year}`;
  return `${period === "90d" ? "Week of " : ""}${MONTHS[month - 1]} ${day}`;
}

function ChartFigure({
  title,
  kind,
  rows,
  series,
  format = "count",
  labelHeader,
}: {
  title: string;
  kind: "bar" | "line";
  rows: ChartRow[];
  series: Series[];
  format?: ValueFormat;
  labelHeader: string;
}) {
  const id = `chart-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <figure aria-labelledby={id} className="rounded-xl border bg-card p-4">
      <figcaption id={id} className="mb-2 text-lg font-semibold">
        {title}
      </figcaption>
      <Chart kind={kind} rows={rows} series={series} format={format} />
      {/* Hidden by its wrapper: a table ignores sr-only's 1px width and, laid out at full size, made the page 620 px wide at 390. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.label)}>
                <th scope="row">{row.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{format === "cents" ? formatCents(Number(row[s.key])) : row[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The admin dashboard: how the community is doing over 30 days, 90 days or 12 months. */
export function AdminDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { period } = dashboard;
  const label = (bucket: string) => bucketLabel(bucket, period);
  const bucketHeader = period === "12m" ? "Month" : period === "90d" ? "Week" : "Day";
  const { funnel } = dashboard;
  return (
    <section aria-labelledby="dashboard-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="dashboard-heading" className="text-2xl font-semibold">
          Dashboard
        </h2>
        <nav aria-label="Dashboard period" className="flex gap-2">
          {(Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[]).map((key) => (
            <Link
              key={key}
              href={`/admin?period=${key}`}
              aria-current={key === period ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center rounded-md border px-3 text-sm",
                key === period ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {DASHBOARD_PERIODS[key].label}
            </Link>
          ))}
        </nav>
      </div>
      <HeadlineFigures headline={dashboard.headline} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ChartFigure
          title="Members by tier"
          labelHeader="Tier"
          kind="bar"
          rows={dashboard.tiers.map((t) => ({
            label: t.tier ? t.tier[0]!.toUpperCase() + t.tier.slice(1) : "No tier",
            members: t.members,
          }))}
          series={[{ key: "members", label: "Members", color: COLORS.plum }]}
        />
        <ChartFigure
          title="Member growth"
          labelHeader={bucketHeader}
          kind="line"
          rows={dashboard.growth.map((g) => ({ label: label(g.bucket), total: g.total, joined: g.joined }))}
          series={[
            { key: "total", label: "Members", color: COLORS.plum },
            { key: "joined", label: "Joined", color: COLORS.green },
          ]}
        />
        <ChartFigure
          title="Applications funnel"
          labelHeader="Stage"
          kind="bar"
          rows={[
            { label: "Submitted", applications: funnel.submitted },
            { label: "Approved", applications: funnel.approved },
            { label: "Paid or trial", applications: funnel.paid },
            { label: "Joined", applications: funnel.joined },
          ]}
          series={[{ key: "applications", label: "Applications", color: COLORS.rose }]}
        />
        <ChartFigure
          title="Revenue and refunds"
          labelHeader={bucketHeader}
          kind="bar"
          format="cents"
          rows={dashboard.money.map((m) => ({ label: label(m.bucket), revenue: m.revenue, refunds: m.refunds }))}
          series={[
            { key: "revenue", label: "Revenue", color: COLORS.green },
            { key: "refunds", label: "Refunds", color: COLORS.red },
          ]}
        />
        <ChartFigure
          title="Event RSVPs"
          labelHeader={bucketHeader}
          kind="bar"
          rows={dashboard.activity.map((a) => ({ label: label(a.bucket), rsvps: a.rsvps }))}
          series={[{ key: "rsvps", label: "RSVPs", color: COLORS.blue }]}
        />
        <ChartFigure
          title="Forum and library activity"
          labelHeader={bucketHeader}
          kind="line"
          rows={dashboard.activity.map((a) => ({
            label: label(a.bucket),
            topics: a.topics,
            replies: a.replies,
            comments: a.comments,
            libraryViews: a.libraryViews,
          }))}
          series={[
            { key: "topics", label: "Forum topics", color: COLORS.plum },
            { key: "replies", label: "Forum replies", color: COLORS.rose },
            { key: "comments", label: "Library comments", color: COLORS.amber },
            { key: "libraryViews", label: "Library views", color: COLORS.blue },
          ]}
        />
      </div>
    </section>
  );
}
