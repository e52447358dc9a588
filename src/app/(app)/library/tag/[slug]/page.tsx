import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LibraryBrowser } from "@/components/library/library-browser";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { getLibraryTag, listLibraryCategories } from "@/server/library/queries";

export async function generateMetadata({ params }: PageProps<"/library/tag/[slug]">): Promise<Metadata> {
  const tag = await getLibraryTag((await params).slug);
  return { title: tag ? `#${tag.name}` : "Tag Not Found" };
}

// Spec 02 section 2.13: '#tag' and its items.
export default async function LibraryTagPage({ params }: PageProps<"/library/tag/[slug]">) {
  const user = await requirePageAccess(SIGNED_IN);
  const tag = await getLibraryTag((await params).slug);
  if (!tag) notFound();
  const categories = await listLibraryCategories(user);
  return (
    <div className="grid gap-8">
      <p>
        <Link href="/library" className="text-sm text-primary underline underline-offset-4">
          ← All of the library
        </Link>
      </p>
      <h1 className="text-4xl font-semibold">#{tag.name}</h1>
      <Suspense>
        <LibraryBrowser fixed={{ tag: tag.slug }} categories={categories} />
      </Suspense>
    </div>
  );
}
