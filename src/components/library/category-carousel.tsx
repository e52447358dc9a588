"use client";

import * as React from "react";
import Link from "next/link";
import { ChevronLeft, ChevronRight, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { LibraryCategory } from "@/features/library/types";
import { CategoryIcon } from "./labels";
import { tierName } from "@/lib/format";

/** The categories in a row that scrolls sideways, with previous and next buttons. */
export function CategoryCarousel({ categories }: { categories: LibraryCategory[] }) {
  const track = React.useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: "smooth" });
  if (!categories.length) return null;
  return (
    <section aria-labelledby="library-categories-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="library-categories-heading" className="text-2xl font-semibold">
          Categories
        </h2>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Previous categories"
            onClick={() => scroll(-1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label="Next categories" onClick={() => scroll(1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      <ul ref={track} className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 [scrollbar-width:thin]">
        {categories.map((category) => (
          <li key={category.slug} className="w-64 shrink-0 snap-start">
            <Link
              href={`/library/category/${category.slug}`}
              className="flex h-full flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:bg-accent"
            >
              <span className="flex items-center justify-between gap-2">
                <CategoryIcon name={category.icon} className="size-6 text-primary" />
                {category.isPublic ? null : (
                  <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                    {category.locked ? <Lock aria-hidden className="size-3" /> : null}
                    Members Only
                    {category.requiredMembershipLevel ? ` · ${tierName(category.requiredMembershipLevel)}` : ""}
                  </span>
                )}
              </span>
              <span className="font-semibold">{category.name}</span>
              <span className="text-sm text-muted-foreground">{category.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
