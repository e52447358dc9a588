import { Suspense } from "react";
import Link from "next/link";
import { CategoryCarousel } from "@/components/library/category-carousel";
import { LibraryBrowser } from "@/components/library/library-browser";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { canEditLibrary } from "@/server/library/access";
import { listLibraryCategories, listLibraryTags, listPopularTags } from "@/server/library/queries";

// Spec 02 section 2.13: the category carousel, the three tabs, the filters and the cards.
export default async function LibraryPage() {
  const user = await requirePageAccess(SIGNED_IN);
  const [categories, tags, chips] = await Promise.all([listLibraryCategories(user), listLibraryTags(), listPopularTags()]);
  const canEdit = canEditLibrary(user);
  return (
    <div className="grid gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-semibold">Library</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">Articles, recorded sessions, workbooks and links chosen by members and mentors.</p>
        </div>
        {canEdit ? (
          <Link href="/admin/library" className="text-sm font-medium text-primary underline underline-offset-4">
            Manage the library
          </Link>
        ) : null}
      </header>
      <CategoryCarousel categories={categories} />
      <Suspense>
        <LibraryBrowser withTabs categories={categories} tags={tags} chips={chips} canCreate={canEdit} />
      </Suspense>
    </div>
  );
}
