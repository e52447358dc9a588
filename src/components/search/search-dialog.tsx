"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { QueryProvider } from "@/components/query-provider";
import { Search } from "lucide-react";
import { announce } from "@/hooks/use-live-region";
import { cn } from "@/lib/utils";
import { SEARCH_KIND_LABELS, SEARCH_MAX_LENGTH, searchHref, TYPEAHEAD_LIMIT } from "@/features/search/constants";
import type { SearchHit } from "@/features/search/types";
import { searchText, useTypeahead } from "./use-search";
import { HitDetail } from "./search-hit";

interface Option {
  id: string;
  href: string;
  hit: SearchHit | null;
}

/**
 * The search box: a combobox whose listbox shows the best results of each kind as she types (ARIA's
 * combobox pattern: focus stays in the field, the arrows move the active option). Enter opens the
 * active option, or /search with every result when none is active.
 */
interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}

/**
 * The header is on every page, public ones too, which carry no query library of their own
 * (src/app/(app)/layout.tsx): the box brings its own, loaded with it when she first opens it.
 */
export default function SearchDialog(props: SearchDialogProps) {
  return (
    <QueryProvider>
      <SearchBox {...props} />
    </QueryProvider>
  );
}

function SearchBox({ open, onOpenChange, returnFocusTo }: SearchDialogProps) {
  const router = useRouter();
  const [text, setText] = React.useState("");
  const [active, setActive] = React.useState(-1);
  const results = useTypeahead(text, TYPEAHEAD_LIMIT);
  const q = searchText(text);
  const groups = q && results.data ? results.data.groups : [];

  const options: Option[] = [
    ...groups.flatMap((group) =>
      group.hits.map((hit) => ({ id: `search-option-${hit.kind}-${hit.id}`, href: hit.href, hit })),
    ),
    ...(q ? [{ id: "search-option-all", href: searchHref(q), hit: null }] : []),
  ];
  const activeOption = active >= 0 ? options[active] : undefined;
  const count = groups.reduce((sum, group) => sum + group.hits.length, 0);
  const settled = Boolean(q) && !results.isFetching && results.data?.q === q;

  React.useEffect(() => {
    if (settled) announce(count ? `${count} results shown.` : "No results.");
  }, [settled, count, q]);

  const go = (href: string) => {
    onOpenChange(false);
    router.push(href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      const last = options.length - 1;
      setActive((current) =>
        event.key === "ArrowDown" ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === "Enter") {
      if (!q) return;
      event.preventDefault();
      go(activeOption ? activeOption.href : searchHref(q));
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-xl -translate-x-1/2 flex-col rounded-xl border bg-card shadow-lg sm:top-16"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Back to the header's button, also when the box was opened from the mobile menu, which has closed.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <DialogPrimitive.Title className="sr-only">Search the site</DialogPrimitive.Title>
          <form
            role="search"
            className="flex items-center gap-2 border-b px-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (q) go(searchHref(q));
            }}
          >
            <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              type="text"
              role="combobox"
              aria-label="Search the site"
              aria-autocomplete="list"
              aria-expanded={Boolean(q)}
              aria-controls="search-listbox"
              aria-activedescendant={activeOption?.id}
              autoComplete="off"
              spellCheck={false}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search topics, library, events, members…"
              className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
            />
            <DialogPrimitive.Close className="rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent">
              Close
            </DialogPrimitive.Close>
          </form>
          <div className="overflow-y-auto">
            <ul id="search-listbox" role="listbox" aria-label="Search results" className="p-2">
              {groups.map((group) => (
                <li key={group.kind} role="presentation">
                  <ul role="group" aria-labelledby={`search-group-${group.kind}`}>
                    <li
                      role="presentation"
                      id={`search-group-${group.kind}`}
                      className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                    >
                      {SEARCH_KIND_LABELS[group.kind]}
                    </li>
                    {group.hits.map((hit) => {
                      const index = options.findIndex((option) => option.hit === hit);
                      return (
                        <OptionRow key={hit.id} option={options[index]!} active={index === active} onPick={go}>
                          <span className="block font-medium">{hit.title}</span>
                          <HitDetail hit={hit} />
                        </OptionRow>
                      );
                    })}
                  </ul>
                </li>
              ))}
              {q ? (
                <OptionRow option={options.at(-1)!} active={active === options.length - 1} onPick={go}>
                  <span className="font-medium">See all results for “{q}”</span>
                </OptionRow>
              ) : null}
            </ul>
            {settled && !count ? <p className="px-4 pb-3 text-sm text-muted-foreground">No results.</p> : null}
            {results.isError ? (
              <p className="px-4 pb-3 text-sm text-destructive">The search is not answering. Please try again.</p>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function OptionRow({
  option,
  active,
  onPick,
  children,
}: {
  option: Option;
  active: boolean;
  onPick: (href: string) => void;
  children: React.ReactNode;
}) {
  const ref = React.useRef<HTMLLIElement>(null);
  React.useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    <li
      ref={ref}
      id={option.id}
      role="option"
      aria-selected={active}
      className={cn(
        "cursor-pointer rounded-md px-2 py-2 text-sm",
        active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
      )}
      // The field keeps focus (the combobox pattern); a click picks the option.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(option.href)}
    >
      {children}
    </li>
  );
}
