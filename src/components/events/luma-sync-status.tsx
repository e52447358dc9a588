import { formatDateTime } from "@/lib/format";
import type { LumaSyncRun } from "@/features/events/types";

interface Props {
  connected: boolean;
  last: LumaSyncRun | null;
  lastSuccess: LumaSyncRun | null;
}

function counts(run: LumaSyncRun) {
  return `${run.upserted} events, ${run.cancelled} cancelled${run.skipped ? `, ${run.skipped} private skipped` : ""}`;
}

/** When Luma last synced and with what result, so that a sync that fails is seen, not only logged. */
export function LumaSyncStatus({ connected, last, lastSuccess }: Props) {
  const failed = last?.status === "failed";
  return (
    <section
      aria-labelledby="luma-sync-heading"
      className={`rounded-lg border p-4 ${failed ? "border-destructive" : ""}`}
    >
      <h2 id="luma-sync-heading" className="font-semibold">
        Luma sync
      </h2>
      {!connected && !last ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Luma is not connected: set LUMA_API_KEY to list the calendar&apos;s events as Member Events.
        </p>
      ) : !last ? (
        <p className="mt-1 text-sm text-muted-foreground">Luma has not synced yet.</p>
      ) : failed ? (
        <div className="mt-1 grid gap-1 text-sm" role="status">
          <p className="font-medium text-destructive">{`Last sync failed ${formatDateTime(last.finishedAt)}.`}</p>
          <p className="break-words">{last.message}</p>
          <p className="text-muted-foreground">
            {lastSuccess
              ? `Showing the events of the last good sync, ${formatDateTime(lastSuccess.finishedAt)} (${counts(lastSuccess)}).`
              : "No sync has succeeded yet."}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm" role="status">
          {`Last synced ${formatDateTime(last.finishedAt)}: ${counts(last)}.`}
        </p>
      )}
    </section>
  );
}
