"use client";

import * as React from "react";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { CONTENT_TYPE_FILTERS } from "@/features/library/schemas";
import type { LibraryUrlState } from "./use-library-filters";

export interface FilterOption {
  slug: string;
  name: string;
}

const SEARCH_PAUSE_MS = 400;

interface FilterPanelProps {
  state: LibraryUrlState;
  update: (changes: Partial<LibraryUrlState>) => void;
  reset: () => void;
  filtered: boolean;
  /** Omitted on a category's or a tag's own page, where that filter is fixed. */
  categories?: FilterOption[];
  tags?: FilterOption[];
}

/** Search, category, tag, content type as a single choice, and Reset filters. */
export function FilterPanel({ state, update, reset, filtered, categories, tags }: FilterPanelProps) {
  const [search, setSearch] = React.useState(state.search);
  // The address is the truth: the back button (or Reset) brings its search back into the box.
  const [shown, setShown] = React.useState(state.search);
  if (shown !== state.search) {
    setShown(state.search);
    setSearch(state.search);
  }
  React.useEffect(() => {
    if (search.trim() === state.search) return;
    const timer = setTimeout(() => update({ search: search.trim() }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, update]);

  return (
    <section aria-labelledby="library-filters-heading" className="grid gap-5 rounded-xl border bg-card p-5">
      <h2 id="library-filters-heading" className="text-lg font-semibold">
        Filters
      </h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: search.trim() });
        }}
        className="grid gap-2"
      >
        <Label htmlFor="library-search">Search</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="library-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search the library"
            className="pl-9"
            maxLength={200}
          />
        </div>
      </form>
      {categories ? (
        <div className="grid gap-2">
          <Label htmlFor="library-category">Category</Label>
          <NativeSelect
            id="library-category"

            value={state.category}
            onChange={(event) => update({ category: event.target.value })}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {tags ? (
        <div className="grid gap-2">
          <Label htmlFor="library-tag">Tag</Label>
          <NativeSelect
            id="library-tag"

            value={state.tag}
            onChange={(event) => update({ tag: event.target.value })}
          >
            <option value="">All tags</option>
            {tags.map((tag) => (
              <option key={tag.slug} value={tag.slug}>
                {tag.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Content type</legend>
        <div className="flex flex-wrap gap-2">
          {CONTENT_TYPE_FILTERS.map((option) => {
            const checked = state.type === option.value;
            return (
              <label
                key={option.label}
                className={cn(
                  "cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  checked
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-background hover:bg-accent",
                )}
              >
                <input
                  type="radio"
                  name="library-type"
                  value={option.value}
                  checked={checked}
                  onChange={() => update({ type: option.value })}
                  className="sr-only"
                />
                {option.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Button type="button" variant="outline" onClick={reset} aria-disabled={!filtered || undefined}>
        Reset filters
      </Button>
    </section>
  );
}
