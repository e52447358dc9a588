import type { Metadata } from "next";
import Link from "next/link";
import { NewTopicForm } from "@/components/forum/new-topic-form";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { listPostableCategories } from "@/server/forum";

export const metadata: Metadata = { title: "New Topic", robots: { index: false } };

export default async function NewTopicPage({ searchParams }: PageProps<"/forum/new-topic">) {
  const me = await requirePageAccess(SIGNED_IN);
  const categories = await listPostableCategories(me);
  const { category } = await searchParams;
  const preselected = categories.find((c) => String(c.id) === category)?.id;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <Link href="/forum" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All forums
      </Link>
      <h1 className="text-3xl font-semibold">Start a new discussion</h1>
      <NewTopicForm categories={categories} defaultCategoryId={preselected} />
    </div>
  );
}
