import Link from "next/link";
import { formatDate } from "@/lib/format";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/features/forum/constants";
import type { SearchHit } from "@/features/forum/types";

/** Text with the search's marks turned into <mark> elements; nothing is rendered as HTML. */
function Highlighted({ text }: { text: string }) {
  const parts = text.split(new RegExp(`(${HIGHLIGHT_START}[^${HIGHLIGHT_END}]*${HIGHLIGHT_END})`));
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith(HIGHLIGHT_START) ? (
          <mark key={index}>{part.slice(1, -1)}</mark>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}

export function SearchResults({ query, hits }: { query: string; hits: SearchHit[] }) {
  return (
    <section aria-labelledby="search-heading" className="grid gap-4">
      <h2 id="search-heading" className="text-2xl font-semibold">
        Results for &ldquo;{query}&rdquo;
      </h2>
      {hits.length === 0 ? (
        <p>No topics match your search.</p>
      ) : (
        <ul className="grid gap-4">
          {hits.map((hit) => (
            <li key={hit.id} className="rounded-lg border p-4">
              <h3 className="text-lg font-semibold">
                <Link href={`/forum/topic/${hit.slug}`} className="underline-offset-4 hover:underline">
                  <Highlighted text={hit.titleHighlighted} />
                </Link>
              </h3>
              <p className="mt-2 text-sm break-words text-muted-foreground">
                <Highlighted text={hit.excerptHighlighted} />
              </p>
              <p className="mt-2 text-xs text-muted-foreground">
                {hit.category.name} · {hit.authorName} · {formatDate(hit.lastPostAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Link href="/forum" className="font-medium text-primary underline-offset-4 hover:underline">
        Clear search
      </Link>
    </section>
  );
}
