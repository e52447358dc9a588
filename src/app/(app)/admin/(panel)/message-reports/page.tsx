import type { Metadata } from "next";
import Link from "next/link";
import { MessageReportActions } from "@/components/admin/message-report-actions";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { ADMIN } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { requirePageAccess } from "@/server/auth/current-user";
import { listMessageReports } from "@/server/messages";

export const metadata: Metadata = { title: "Reported messages", robots: { index: false } };

/** Reported direct messages: each reported message alone; the rest of the conversation stays private. */
export default async function MessageReportsPage() {
  const viewer = await requirePageAccess(ADMIN);
  const reports = await listMessageReports(viewer);
  return (
    // Dismiss and Remove take the report away with the button: focus goes to the next report, or to the heading.
    <RowFocusScope>
      <h1 className="text-3xl font-semibold" tabIndex={-1} data-row-fallback>
        Reported messages
      </h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Direct messages that members reported. You see the reported message only, never the rest of the conversation.
      </p>
      {reports.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed p-8 text-center text-muted-foreground">No open reports.</p>
      ) : (
        <ul className="mt-8 grid gap-4">
          {reports.map((report) => (
            <li key={report.reportId} data-row>
              <article
                aria-label={`Report by ${report.reporter.name}`}
                tabIndex={-1}
                data-row-focus
                className="grid gap-3 rounded-xl border bg-card p-5"
              >
                <p className="text-sm text-muted-foreground">
                  <Link
                    href={`/admin/members/${report.reporter.id}`}
                    className="font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    {report.reporter.name}
                  </Link>{" "}
                  reported a message from{" "}
                  <Link
                    href={`/admin/members/${report.sender.id}`}
                    className="font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    {report.sender.name}
                  </Link>{" "}
                  on {formatDateTime(report.reportedAt)}
                </p>
                <blockquote className="rounded-md bg-secondary p-3 break-words whitespace-pre-wrap">
                  {report.message.body}
                </blockquote>
                <p className="text-sm">
                  <span className="font-medium">Reason:</span> {report.reason}
                </p>
                <MessageReportActions reportId={report.reportId} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </RowFocusScope>
  );
}
