"use client";

import * as React from "react";
import Link from "next/link";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CONTENT_STATUSES, type ContentStatus } from "@/features/library/constants";
import { toast, toastError } from "@/hooks/use-toast";
import { useFocusOnMore } from "@/hooks/use-focus-on-more";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { EditorListItem } from "@/features/library/types";
import { contentTypeLabel } from "../labels";

type Row = Omit<EditorListItem, "publishedAt" | "updatedAt"> & { publishedAt: string | null; updatedAt: string };
interface ListAnswer {
  items: Row[];
  counts: Partial<Record<ContentStatus, number>>;
  nextCursor: string | null;
}

export const ADMIN_ITEMS_KEY = "admin-library-items";
const STATUS_LABELS: Record<ContentStatus, string> = {
  draft: "Draft",
  published: "Published",
  scheduled: "Scheduled",
  archived: "Archived",
};
const STATUS_VARIANTS: Record<ContentStatus, "secondary" | "success" | "warning" | "outline"> = {
  draft: "secondary",
  published: "success",
  scheduled: "warning",
  archived: "outline",
};

/** The editors' list of every item, filtered by status, with edit, view and delete. */
export function AdminItemList() {
  const queryClient = useQueryClient();
  const [status, setStatus] = React.useState<ContentStatus | "">("");
  const [search, setSearch] = React.useState("");
  const list = useInfiniteQuery({
    queryKey: [ADMIN_ITEMS_KEY, status, search.trim()],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status, search: search.trim() });
      if (pageParam) params.set("after", pageParam);
      return apiRequest<ListAnswer>("GET", `/api/admin/library/items?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The table's rows, for "Load more items" to move focus to the first new one.
  const tableRows = React.useRef<HTMLElement | null>(null);
  const focusOnMore = useFocusOnMore(tableRows, rows.length);
  const remove = useMutation({
    mutationFn: (row: Row) => apiRequest("DELETE", `/api/admin/library/items/${row.id}`),
    onSuccess: (_data, row) => {
      toast({ title: "Content deleted", description: row.title });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_ITEMS_KEY] });
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not delete the content. Please try again.")),
  });
  const counts = list.data?.pages[0]?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const filters: { value: ContentStatus | ""; label: string; count: number }[] = [
    { value: "", label: "All", count: total },
    ...CONTENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value], count: counts[value] ?? 0 })),
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Library</h1>
        <Button asChild>
          <Link href="/admin/content/create">
            <Plus aria-hidden /> Create Content
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <Button
              key={filter.label}
              size="sm"
              variant={status === filter.value ? "default" : "outline"}
              aria-pressed={status === filter.value}
              onClick={() => setStatus(filter.value)}
            >
              {filter.label} ({filter.count})
            </Button>
          ))}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="admin-library-search">Search items</Label>
          <Input
            id="admin-library-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="w-64"
          />
        </div>
      </div>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          Could not load the library. Please try again later.
        </p>
      ) : (
        // Delete takes the row away: focus goes to the next item, or to the table.
        <RowFocusScope>
          <div ref={(node) => void (tableRows.current = node?.querySelector("tbody") ?? null)}>
            <DataTable
              caption="Library items"
              columns={["Title", "Type", "Status", "Category", "Published", "Views", "Actions"]}
              isEmpty={list.data !== undefined && rows.length === 0}
              empty="No content found"
            >
              {list.isPending ? (
                <tr>
                  <td colSpan={7} className="px-4 py-8 text-center text-muted-foreground" role="status">
                    Loading items...
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    className={cn("border-b last:border-0", list.isPlaceholderData && "opacity-60")}
                    data-row
                  >
                    <td className="px-4 py-3 font-medium">
                      <Link href={`/admin/library/items/${row.id}`} className="hover:underline">
                        {row.title}
                      </Link>
                      {row.isFeatured ? <Badge className="ml-2">Featured</Badge> : null}
                    </td>
                    <td className="px-4 py-3">{contentTypeLabel(row.contentType)}</td>
                    <td className="px-4 py-3">
                      <Badge variant={STATUS_VARIANTS[row.status as ContentStatus]}>
                        {STATUS_LABELS[row.status as ContentStatus] ?? row.status}
                      </Badge>
                    </td>
                    <td className="px-4 py-3">{row.categoryName ?? "None"}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {row.publishedAt
                        ? row.status === "scheduled"
                          ? formatDateTime(row.publishedAt)
                          : formatDate(row.publishedAt)
                        : "Not yet"}
                    </td>
                    <td className="px-4 py-3">{row.viewCount}</td>
                    <td className="px-4 py-3">
                      <div className="flex gap-2">
                        <Button asChild size="sm" variant="outline">
                          <Link href={`/admin/library/items/${row.id}`} aria-label={`Edit ${row.title}`}>
                            Edit
                          </Link>
                        </Button>
                        <Button asChild size="sm" variant="ghost">
                          <Link href={`/library/item/${row.slug}`} aria-label={`View ${row.title}`}>
                            View
                          </Link>
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          pending={remove.isPending && remove.variables?.id === row.id}
                          aria-label={`Delete ${row.title}`}
                          onClick={() => {
                            if (window.confirm(`Delete "${row.title}"? Its comments, bookmarks and files go with it.`))
                              remove.mutate(row);
                          }}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </DataTable>
          </div>
        </RowFocusScope>
      )}
      {!list.isError && list.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => {
            focusOnMore();
            void list.fetchNextPage();
          }}
          pending={list.isFetchingNextPage}
          pendingLabel="Loading..."
        >
          Load more items
        </Button>
      ) : null}
    </div>
  );
}
