import { Suspense } from "react";
import type { Metadata } from "next";
import { QueryProvider } from "@/components/query-provider";
import { SearchPage } from "@/components/search/search-page";

// Prerendered like every public page; the search itself runs in the browser (GET /api/search), as
// what she finds depends on who she is.
export const metadata: Metadata = {
  title: "Search",
  description: "Search the forum, the library, events, the blog, members and the site's pages.",
  robots: { index: false },
};

export default function Search() {
  return (
    <QueryProvider>
      <Suspense>
        <SearchPage />
      </Suspense>
    </QueryProvider>
  );
}
