import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A plain GET form: it works before any JavaScript loads. */
export function ForumSearchBox({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <form action="/forum" method="get" role="search" className="flex w-full max-w-md gap-2">
      <label htmlFor="forum-search" className="sr-only">
        Search the forum
      </label>
      <Input
        id="forum-search"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Search topics and replies"
        minLength={2}
        maxLength={200}
        required
      />
      <Button type="submit" variant="outline">
        <Search aria-hidden className="size-4" /> Search
      </Button>
    </form>
  );
}
