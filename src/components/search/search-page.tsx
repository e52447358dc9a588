"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useFocusOnMore } from "@/hooks/use-focus-on-more";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import {
  KIND_PAGE_LIMIT,
  OVERVIEW_LIMIT,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  searchApiPath,
  searchHref,
  type SearchKind,
} from "@/features/search/constants";
import type { SearchGroup, SearchHit, SearchResults } from "@/features/search/types";
import { HitDetail } from "./search-hit";
import { searchText } from "./use-search";

const kindOf = (value: string | null): SearchKind | null =>
  SEARCH_KINDS.includes(value as SearchKind) ? (value as SearchKind) : null;

/**
 * /search: every result of a search, the best of each kind, or, filtered by one kind, all of that kind
 * a page at a time. The address holds the search (?q=&kind=), so that a result's Back returns here.
 */
export function SearchPage() {
  const params = useSearchParams();
  const q = searchText(params.get("q") ?? "");
  const kind = kindOf(params.get("kind"));

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold">{q ? `Search results for “${q}”` : "Search"}</h1>
      <SearchForm key={q} q={q} kind={kind} />
      {q ? (
        <>
          <nav aria-label="Filter by kind">
            <ul className="flex flex-wrap gap-2">
              {[null, ...SEARCH_KINDS].map((value) => (
                <li key={value ?? "all"}>
                  <Link
                    href={searchHref(q, value)}
                    aria-current={value === kind ? "page" : undefined}
                    className={cn(
                      "inline-block rounded-full border px-3 py-1 text-sm",
                      value === kind ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
                    )}
                  >
                    {value ? SEARCH_KIND_LABELS[value] : "All"}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {kind ? <KindResults key={`${q}|${kind}`} q={q} kind={kind} /> : <Overview key={q} q={q} />}
        </>
      ) : (
        <p className="text-muted-foreground">Type what you are looking for: a topic, an event, a member, a question.</p>
      )}
    </div>
  );
}

/** The page's own field, starting from the search shown; a new search keeps the kind she filtered by. */
function SearchForm({ q, kind }: { q: string; kind: SearchKind | null }) {
  const router = useRouter();
  const [typed, setTyped] = React.useState(q);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const next = searchText(typed);
        if (next) router.push(searchHref(next, kind));
      }}
    >
      <Input
        type="search"
        aria-label="Search the site"
        maxLength={SEARCH_MAX_LENGTH}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

function useSearchPages(q: string, kind: SearchKind | null) {
  return useInfiniteQuery({
    queryKey: ["search", q, kind, kind ? KIND_PAGE_LIMIT : OVERVIEW_LIMIT],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      apiRequest<SearchResults>(
        "GET",
        searchApiPath(q, { kind, after: pageParam || null, limit: kind ? KIND_PAGE_LIMIT : OVERVIEW_LIMIT }),
      ),
    getNextPageParam: (last) => (kind ? (last.groups[0]?.next ?? undefined) : undefined),
  });
}

function Status({ query }: { query: ReturnType<typeof useSearchPages> }) {
  if (query.isPending) return <p role="status">Searching…</p>;
  if (query.isError) return <p role="alert">The search is not answering. Please try again.</p>;
  return null;
}

function Overview({ q }: { q: string }) {
  const search = useSearchPages(q, null);
  const groups = search.data?.pages[0]?.groups ?? [];
  return (
    <div className="grid gap-8">
      <Status query={search} />
      {search.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          {groups.length ? "The best results of each kind." : "No results. Try other words, or fewer of them."}
        </p>
      ) : null}
      {groups.map((group) => (
        <GroupSection key={group.kind} q={q} group={group} />
      ))}
    </div>
  );
}

function GroupSection({ q, group }: { q: string; group: SearchGroup }) {
  const label = SEARCH_KIND_LABELS[group.kind];
  return (
    <section aria-labelledby={`results-${group.kind}`} className="grid gap-3">
      <h2 id={`results-${group.kind}`} className="text-xl font-semibold">
        {label}
      </h2>
      <HitList hits={group.hits} />
      {group.next ? (
        <Link
          href={searchHref(q, group.kind)}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          All results in {label}
        </Link>
      ) : null}
    </section>
  );
}

function KindResults({ q, kind }: { q: string; kind: SearchKind }) {
  const search = useSearchPages(q, kind);
  const hits = search.data?.pages.flatMap((page) => page.groups[0]?.hits ?? []) ?? [];
  const list = React.useRef<HTMLUListElement>(null);
  const focusOnMore = useFocusOnMore(list, hits.length);
  return (
    <section aria-labelledby="results-kind" className="grid gap-3">
      <h2 id="results-kind" className="text-xl font-semibold">
        {SEARCH_KIND_LABELS[kind]}
      </h2>
      <Status query={search} />
      {search.isSuccess && !hits.length ? <p role="status">No results in {SEARCH_KIND_LABELS[kind]}.</p> : null}
      <HitList hits={hits} ref={list} />
      {search.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            pending={search.isFetchingNextPage}
            pendingLabel="Loading..."
            onClick={() => {
              focusOnMore();
              void search.fetchNextPage();
            }}
          >
            Show more results
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function HitList({ hits, ref }: { hits: SearchHit[]; ref?: React.Ref<HTMLUListElement> }) {
  return (
    <ul ref={ref} className="grid gap-3">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`} className="rounded-lg border bg-card p-3">
          <Link href={hit.href} className="font-medium text-primary underline-offset-4 hover:underline">
            {hit.title}
          </Link>
          <HitDetail hit={hit} />
        </li>
      ))}
    </ul>
  );
}
