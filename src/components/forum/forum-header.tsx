import Link from "next/link";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ForumSearchBox } from "./search-box";

export function ForumHeader({ title, description, query }: { title: string; description?: string; query?: string }) {
  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold text-balance">{title}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        <Button asChild>
          <Link href="/forum/new-topic">
            <Plus aria-hidden className="size-4" /> New Topic
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ForumSearchBox defaultValue={query} />
        <Link href="/forum/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          Forum settings
        </Link>
      </div>
    </header>
  );
}
