"use client";

import * as React from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { CONTENT_TYPES, type ContentType } from "@/features/library/constants";

export const LIBRARY_TABS = ["all", "bookmarks", "members"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

export interface LibraryUrlState {
  search: string;
  category: string;
  tag: string;
  type: ContentType | "";
  tab: LibraryTab;
  view: "grid" | "list";
}

const DEFAULTS: LibraryUrlState = { search: "", category: "", tag: "", type: "", tab: "all", view: "grid" };

function readState(params: URLSearchParams): LibraryUrlState {
  const type = params.get("type") ?? "";
  const tab = params.get("tab") ?? "";
  return {
    search: params.get("search")?.slice(0, 200) ?? "",
    category: params.get("category") ?? "",
    tag: params.get("tag") ?? "",
    type: (CONTENT_TYPES as readonly string[]).includes(type) ? (type as ContentType) : "",
    tab: (LIBRARY_TABS as readonly string[]).includes(tab) ? (tab as LibraryTab) : "all",
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/**
 * The library's filters, tab and view live in the address (?search=&category=&tag=&type=&tab=&view=),
 * so a filtered list can be shared and every change is a history entry the back button returns to.
 */
export function useLibraryFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const state = React.useMemo(() => readState(new URLSearchParams(params.toString())), [params]);
  // The query of a change pushed but not yet rendered: a second change made before the first lands
  // (she picks "All", then types a search at once) builds on it instead of undoing it.
  const pending = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (pending.current === params.toString()) pending.current = null;
  }, [params]);
  React.useEffect(() => {
    const forget = () => void (pending.current = null);
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, []);

  const update = React.useCallback(
    (changes: Partial<LibraryUrlState>) => {
      const next = new URLSearchParams(pending.current ?? params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === "" || value === DEFAULTS[key as keyof LibraryUrlState]) next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      pending.current = query;
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  const reset = React.useCallback(() => update({ search: "", category: "", tag: "", type: "" }), [update]);
  const filtered = Boolean(state.search || state.category || state.tag || state.type);
  return { state, update, reset, filtered };
}
