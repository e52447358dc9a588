import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { GatingPanel } from "@/components/membership/gating-panel";
import { CategoryIcon } from "@/components/library/labels";
import { tierName } from "@/lib/format";
import { LibraryBrowser } from "@/components/library/library-browser";
import { Badge } from "@/components/ui/badge";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { canEditLibrary } from "@/server/library/access";
import { getLibraryCategory, listCategoryTags, listLibraryTags } from "@/server/library/queries";

export async function generateMetadata({ params }: PageProps<"/library/category/[slug]">): Promise<Metadata> {
  const user = await requirePageAccess(SIGNED_IN);
  const category = await getLibraryCategory(user, (await params).slug);
  return { title: category ? category.name : "Category Not Found" };
}

// Spec 02 section 2.13: a header, the gating panel when her tier is below the category's, filters and items.
export default async function LibraryCategoryPage({ params }: PageProps<"/library/category/[slug]">) {
  const user = await requirePageAccess(SIGNED_IN);
  const category = await getLibraryCategory(user, (await params).slug);
  if (!category) notFound();
  const [tags, chips] = await Promise.all([listLibraryTags(), listCategoryTags(category.id)]);
  return (
    <div className="grid gap-8">
      <p>
        <Link href="/library" className="text-sm text-primary underline underline-offset-4">
          ← All of the library
        </Link>
      </p>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <CategoryIcon name={category.icon} className="size-8 text-primary" />
          <h1 className="text-4xl font-semibold">{category.name}</h1>
          {category.isPublic ? null : <Badge variant="secondary">Members Only{category.requiredMembershipLevel ? ` · ${tierName(category.requiredMembershipLevel)}` : ""}</Badge>}
        </div>
        {category.description ? <p className="max-w-2xl text-lg text-muted-foreground">{category.description}</p> : null}
      </header>
      {category.locked ? <GatingPanel level={category.requiredMembershipLevel} memberLevel={user.membershipLevel} what="This category" /> : null}
      <Suspense>
        <LibraryBrowser fixed={{ category: category.slug }} tags={tags} chips={chips} canCreate={canEditLibrary(user)} />
      </Suspense>
    </div>
  );
}
