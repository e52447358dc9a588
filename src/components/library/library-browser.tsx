"use client";

import * as React from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { LayoutGrid, List, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFocusOnMore } from "@/hooks/use-focus-on-more";
import { apiResponse } from "@/lib/api-client";
import { NEXT_CURSOR_HEADER } from "@/lib/validation";
import { cn } from "@/lib/utils";
import { LIBRARY_PAGE_SIZE, SEARCH_CAPPED_HEADER, SEARCH_CAPPED_NOTICE } from "@/features/library/schemas";
import { FilterPanel, type FilterOption } from "./filter-panel";
import { ItemCard, type CardData } from "./item-card";
import { LIBRARY_TABS, useLibraryFilters, type LibraryTab, type LibraryUrlState } from "./use-library-filters";

/** The key every library list is cached under; bookmarking invalidates it. */
export const LIBRARY_ITEMS_KEY = "library-items";

const TAB_LABELS: Record<LibraryTab, string> = {
  all: "All Content",
  bookmarks: "My Bookmarks",
  members: "Members Only",
};

interface LibraryBrowserProps {
  categories?: FilterOption[];
  tags?: FilterOption[];
  /** The tags shown as chips above the list. */
  chips?: FilterOption[];
  /** A category's or tag's own page: that filter is fixed and not offered. */
  fixed?: { category?: string; tag?: string };
  /** The three tabs of /library. */
  withTabs?: boolean;
  canCreate?: boolean;
}

export function LibraryBrowser({
  categories,
  tags,
  chips,
  fixed = {},
  withTabs = false,
  canCreate = false,
}: LibraryBrowserProps) {
  const { state, update, reset, filtered } = useLibraryFilters();
  const tab = withTabs ? state.tab : "all";
  const list = <LibraryList state={{ ...state, ...fixed }} tab={tab} />;

  const layoutButtons = (
    <div className="flex items-center gap-2">
      {canCreate ? (
        <Button asChild size="sm">
          <Link href="/admin/content/create">
            <Plus aria-hidden /> Create Content
          </Link>
        </Button>
      ) : null}
      <div role="group" aria-label="Layout" className="flex rounded-md border">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Grid view"
          aria-pressed={state.view === "grid"}
          onClick={() => update({ view: "grid" })}
          className={cn(state.view === "grid" && "bg-accent")}
        >
          <LayoutGrid aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="List view"
          aria-pressed={state.view === "list"}
          onClick={() => update({ view: "list" })}
          className={cn(state.view === "list" && "bg-accent")}
        >
          <List aria-hidden />
        </Button>
      </div>
    </div>
  );
  const tagChips =
    chips?.length && !fixed.tag ? (
      <ul aria-label="Popular tags" className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const active = state.tag === chip.slug;
          return (
            <li key={chip.slug}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => update({ tag: active ? "" : chip.slug })}
                className={cn(
                  "cursor-pointer rounded-full border px-3 py-1 text-sm",
                  active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
                )}
              >
                #{chip.name}
              </button>
            </li>
          );
        })}
      </ul>
    ) : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
      <aside>
        <FilterPanel
          state={state}
          update={update}
          reset={reset}
          filtered={filtered}
          categories={fixed.category ? undefined : categories}
          tags={fixed.tag ? undefined : tags}
        />
      </aside>
      {withTabs ? (
        <Tabs
          value={tab}
          onValueChange={(value) => update({ tab: value as LibraryTab })}
          className="grid content-start gap-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList aria-label="Library sections">
              {LIBRARY_TABS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {TAB_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            {layoutButtons}
          </div>
          {tagChips}
          {LIBRARY_TABS.map((value) => (
            <TabsContent key={value} value={value} className="mt-0">
              {value === tab ? list : null}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        <div className="grid content-start gap-5">
          <div className="flex justify-end">{layoutButtons}</div>
          {tagChips}
          {list}
        </div>
      )}
    </div>
  );
}

function listUrl(state: LibraryUrlState, tab: LibraryTab, after: string | null): string {
  const params = new URLSearchParams({ limit: String(LIBRARY_PAGE_SIZE) });
  if (after) params.set("after", after);
  if (state.search) params.set("search", state.search);
  if (state.category) params.set("category", state.category);
  if (state.tag) params.set("tag", state.tag);
  if (state.type) params.set("contentType", state.type);
  if (tab === "members") params.set("membersOnly", "true");
  return `${tab === "bookmarks" ? "/api/content/bookmarks" : "/api/content/items"}?${params}`;
}

function LibraryList({ state, tab }: { state: LibraryUrlState; tab: LibraryTab }) {
  const query = useInfiniteQuery({
    queryKey: [LIBRARY_ITEMS_KEY, tab, state.search, state.category, state.tag, state.type],
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await apiResponse<CardData[]>("GET", listUrl(state, tab, pageParam));
      return {
        items: data,
        capped: headers.get(SEARCH_CAPPED_HEADER) === "true",
        next: headers.get(NEXT_CURSOR_HEADER),
      };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const gridClass = state.view === "grid" ? "grid gap-6 sm:grid-cols-2 xl:grid-cols-3" : "grid gap-4";
  const list = React.useRef<HTMLUListElement>(null);
  const focusOnMore = useFocusOnMore(list, query.data?.pages.reduce((n, page) => n + page.items.length, 0) ?? 0);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading content" className={gridClass}>
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} data-testid="library-skeleton" className="grid gap-3 rounded-xl border bg-card p-4">
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl border bg-card p-8 text-center text-destructive">
        Could not load the library. Please try again later.
      </p>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  const capped = query.data.pages.some((page) => page.capped);
  if (!items.length) {
    return (
      <div className="rounded-xl border bg-card p-10 text-center">
        <h2 className="text-xl font-semibold">No content found</h2>
        <p className="mt-2 text-muted-foreground">
          {tab === "bookmarks"
            ? "Save items with the Save button to find them here."
            : "Try another search, or reset the filters."}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <p className="sr-only" role="status">
        {items.length === 1 ? "1 item" : `${items.length}${query.hasNextPage ? "+" : ""} items`}
      </p>
      <ul className={gridClass} ref={list}>
        {items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} layout={state.view} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="text-center">
          <Button
            variant="outline"
            onClick={() => {
              focusOnMore();
              void query.fetchNextPage();
            }}
            pending={query.isFetchingNextPage}
            pendingLabel="Loading..."
          >
            Load more
          </Button>
        </div>
      ) : null}
      {capped ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="search-capped">
          {SEARCH_CAPPED_NOTICE}
        </p>
      ) : null}
    </div>
  );
}
