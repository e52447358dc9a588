import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TIER_IDS } from "@/features/membership/constants";
import { formatDate, tierName } from "@/lib/format";
import { listMembers } from "@/server/admin-members";
import {
  MEMBER_STATUSES,
  MEMBER_STATUS_LABELS as STATUS_LABELS,
  memberSearchSchema,
  type MemberSearch,
} from "@/features/admin-members/schemas";

export const metadata: Metadata = { title: "Members", robots: { index: false } };

const STATUS_BADGE = { active: "success", disabled: "destructive", deletion_pending: "warning" } as const;

export default async function MembersAdminPage({ searchParams }: PageProps<"/admin/members">) {
  const viewer = await requirePageAccess(ADMIN);
  const parsed = memberSearchSchema.safeParse(await searchParams);
  const query: MemberSearch = parsed.success ? parsed.data : { q: undefined };
  const { members, next } = await listMembers(viewer, query);
  const filters = new URLSearchParams(
    Object.entries({ q: query.q, tier: query.tier, status: query.status }).filter((e): e is [string, string] =>
      Boolean(e[1]),
    ),
  );
  const withFilters = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...Object.fromEntries(filters), ...extra })}`;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Members</h1>
        <Button asChild>
          <a href={`/api/admin/members/export${withFilters({})}`} download>
            Export to CSV
          </a>
        </Button>
      </div>
      <form
        method="get"
        role="search"
        aria-label="Members"
        className="mt-6 grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor="member-q">Name, username or email</Label>
          <Input id="member-q" name="q" defaultValue={query.q ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="member-tier">Tier</Label>
          <NativeSelect id="member-tier" name="tier" defaultValue={query.tier ?? ""}>
            <option value="">All tiers</option>
            {TIER_IDS.map((tier) => (
              <option key={tier} value={tier}>
                {tierName(tier)}
              </option>
            ))}
            <option value="none">No tier</option>
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="member-status">Status</Label>
          <NativeSelect id="member-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">All statuses</option>
            {MEMBER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">Search</Button>
      </form>
      <DataTable
        caption="Members, newest first"
        columns={["Name", "Username", "Email", "Tier", "Status", "Joined"]}
        empty="No members match."
        isEmpty={members.length === 0}
        className="mt-6"
      >
        {members.map((m) => (
          <tr key={m.id} className="border-b last:border-b-0">
            <td className="px-4 py-3">
              <Link
                href={`/admin/members/${m.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {m.firstName} {m.lastName}
              </Link>
              {m.isAdmin ? <Badge className="ml-2">Admin</Badge> : null}
            </td>
            <td className="px-4 py-3">{m.username}</td>
            <td className="px-4 py-3 break-all">{m.email}</td>
            <td className="px-4 py-3">{tierName(m.membershipLevel) || "-"}</td>
            <td className="px-4 py-3">
              <Badge variant={STATUS_BADGE[m.status]}>{STATUS_LABELS[m.status]}</Badge>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(m.createdAt)}</td>
          </tr>
        ))}
      </DataTable>
      {next ? (
        <p className="mt-4">
          <Link href={withFilters({ after: next })} className="text-primary underline-offset-4 hover:underline">
            Next page
          </Link>
        </p>
      ) : null}
    </div>
  );
}
