import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDateTime } from "@/lib/format";
import { listAudit } from "@/server/audit";
import { AUDIT_ENTITY_TYPES } from "@/server/audit/links";
import { auditSearchSchema, type AuditSearch } from "@/features/audit/schemas";

export const metadata: Metadata = { title: "Audit Log", robots: { index: false } };

const LINK_CLASS = "text-primary underline-offset-4 hover:underline";
const FILTERS = ["actor", "action", "entityType", "entityId", "from", "to"] as const;

const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");

// Every recorded admin action, filtered, a page at a time, each linked to what it changed.
export default async function AuditLogPage({ searchParams }: PageProps<"/admin/audit">) {
  const viewer = await requirePageAccess(ADMIN);
  const parsed = auditSearchSchema.safeParse(await searchParams);
  const query: AuditSearch = parsed.success ? parsed.data : auditSearchSchema.parse({});
  const { entries, next } = await listAudit(viewer, query);
  const filters = new URLSearchParams(FILTERS.flatMap((name) => (query[name] ? [[name, query[name]!]] : [])));
  const withFilters = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...Object.fromEntries(filters), ...extra })}`;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Audit Log</h1>
        <Button asChild>
          <a href={`/api/admin/audit/export${withFilters({})}`} download>
            Export to CSV
          </a>
        </Button>
      </div>
      {parsed.success ? null : (
        <p role="alert" className="mt-4 text-destructive">
          Some filters were not valid and were ignored.
        </p>
      )}
      <form method="get" role="search" aria-label="Audit log" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="audit-actor">Actor (username, email or id)</Label>
          <Input id="audit-actor" name="actor" defaultValue={query.actor ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-action">Action (or its start)</Label>
          <Input id="audit-action" name="action" defaultValue={query.action ?? ""} placeholder="member." />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-entity-type">Entity type</Label>
          <NativeSelect id="audit-entity-type" name="entityType" defaultValue={query.entityType ?? ""}>
            <option value="">All types</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-entity-id">Entity id</Label>
          <Input id="audit-entity-id" name="entityId" defaultValue={query.entityId ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-from">From (UTC)</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-to">To (UTC)</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
        <div className="flex gap-4 sm:col-span-2 lg:col-span-3">
          <Button type="submit">Filter</Button>
          <Link href="/admin/audit" className={`inline-flex min-h-10 items-center ${LINK_CLASS}`}>
            Clear filters
          </Link>
        </div>
      </form>
      <DataTable
        caption="Admin actions, newest first"
        columns={["When", "Actor", "Action", "Entity", "Details"]}
        empty="No entries match."
        isEmpty={entries.length === 0}
        className="mt-6"
      >
        {entries.map((e) => (
          <tr key={e.id} className="border-b align-top last:border-b-0">
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
            <td className="px-4 py-3">
              {e.actorId ? (
                <Link href={`/admin/members/${e.actorId}`} className={LINK_CLASS}>
                  {e.actorName ?? e.actorUsername}
                </Link>
              ) : (
                "System"
              )}
            </td>
            <td className="px-4 py-3 font-mono text-xs">{e.action}</td>
            <td className="px-4 py-3">
              {e.href ? (
                <Link href={e.href} className={LINK_CLASS}>
                  {e.entityType}
                  {e.entityId ? ` ${e.entityId}` : ""}
                </Link>
              ) : (
                `${e.entityType}${e.entityId ? ` ${e.entityId}` : ""}`
              )}
            </td>
            <td className="max-w-md px-4 py-3 break-words text-muted-foreground">{detailsText(e.details)}</td>
          </tr>
        ))}
      </DataTable>
      {next ? (
        <p className="mt-4">
          <Link href={withFilters({ before: String(next) })} className={LINK_CLASS}>
            Next page
          </Link>
        </p>
      ) : null}
    </div>
  );
}
