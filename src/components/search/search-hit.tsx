import type { SearchHit } from "@/features/search/types";

/** A result's second lines: its detail (a category, a date), a teaser's lock, and its excerpt. */
export function HitDetail({ hit }: { hit: SearchHit }) {
  return (
    <>
      {hit.detail || hit.locked ? (
        <span className="block text-xs text-muted-foreground">
          {[hit.detail, hit.locked ? "Members only" : null].filter(Boolean).join(" · ")}
        </span>
      ) : null}
      {hit.excerpt ? <span className="line-clamp-2 block text-xs text-muted-foreground">{hit.excerpt}</span> : null}
    </>
  );
}
