"use client";

import * as React from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFocusOnMore } from "@/hooks/use-focus-on-more";
import { ApiError } from "@/lib/api-client";
import { NEXT_CURSOR_HEADER } from "@/lib/validation";
import { ApplicationCard, type PaymentContext } from "./application-card";
import { APPLICATIONS_KEY, type ApplicationRow } from "./types";

const TABS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
] as const;
type Tab = (typeof TABS)[number]["value"];

async function fetchApplications(status: Tab, search: string, after: string | null) {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (search.trim()) params.set("search", search.trim());
  if (after) params.set("after", after);
  const response = await fetch(`${APPLICATIONS_KEY}${params.size ? `?${params}` : ""}`, { credentials: "include" });
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${await response.text()}`);
  return {
    rows: (await response.json()) as ApplicationRow[],
    total: Number(response.headers.get("x-total-count") ?? 0),
    next: response.headers.get(NEXT_CURSOR_HEADER),
  };
}

/** Tabs, search, the count, and a card per application. */
export function ApplicationsReview({ payments }: { payments: PaymentContext }) {
  const [tab, setTab] = React.useState<Tab>("pending");
  const [search, setSearch] = React.useState("");
  const [debounced, setDebounced] = React.useState("");
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useInfiniteQuery({
    queryKey: [APPLICATIONS_KEY, tab, debounced],
    queryFn: ({ pageParam }) => fetchApplications(tab, debounced, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const list = React.useRef<HTMLUListElement>(null);
  const focusOnMore = useFocusOnMore(list, rows.length);

  // Approve or Reject takes the card out of the list along with the button she pressed: focus moves to the
  // name on the card now in its place, or to the empty list's heading.
  return (
    <RowFocusScope className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Application status">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value} className="sr-only">
              {t.label} applications
            </TabsContent>
          ))}
        </Tabs>
        <div className="w-full max-w-xs">
          <label htmlFor="application-search" className="sr-only">
            Search applications
          </label>
          <Input
            id="application-search"
            type="search"
            placeholder="Search applications..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {query.data
          ? `${total} application${total === 1 ? "" : "s"}`
          : query.isPending
            ? "Loading applications..."
            : ""}
      </p>
      {query.error ? (
        <p role="alert">Error loading applications. Please refresh the page.</p>
      ) : query.data && rows.length === 0 ? (
        <div className="rounded-xl border p-10 text-center">
          <h2 tabIndex={-1} data-row-fallback className="text-xl font-semibold">
            No Applications Found
          </h2>
        </div>
      ) : (
        <ul className="grid gap-4" ref={list}>
          {rows.map((application) => (
            <li key={application.id} data-row>
              <ApplicationCard application={application} payments={payments} />
            </li>
          ))}
        </ul>
      )}
      {!query.error && query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => {
            focusOnMore();
            void query.fetchNextPage();
          }}
          pending={query.isFetchingNextPage}
          pendingLabel="Loading..."
        >
          Load more applications
        </Button>
      ) : null}
    </RowFocusScope>
  );
}
