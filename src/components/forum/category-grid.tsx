import Link from "next/link";
import { Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { ForumCategory } from "@/features/forum/types";
import type { Jsonified } from "@/lib/json";
import { tierBadgeLabel, topicCount } from "./labels";

/** The category grid of /forum: name, description, Members Only and tier badges, 'View discussions'. */
export function CategoryGrid({ categories }: { categories: Jsonified<ForumCategory>[] }) {
  if (categories.length === 0)
    return <p className="rounded-lg border border-dashed p-8 text-center">No forum categories available yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Categories">
      {categories.map((category) => (
        <li key={category.id}>
          <Card className="h-full border-t-4" style={{ borderTopColor: category.color ?? undefined }}>
            <CardHeader className="gap-2">
              <CardTitle as="h3" className="text-lg">
                {category.name}
              </CardTitle>
              <div className="flex flex-wrap gap-2">
                {category.isPrivate ? <Badge variant="secondary">Members Only</Badge> : null}
                {category.requiredMembershipLevel ? (
                  <Badge variant="outline">{tierBadgeLabel(category.requiredMembershipLevel)}</Badge>
                ) : null}
                {category.archived ? <Badge variant="warning">Archived</Badge> : null}
              </div>
              <CardDescription>{category.description}</CardDescription>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">{topicCount(category.topicCount)}</CardContent>
            <CardFooter>
              {category.locked ? (
                <Link
                  href={`/forum/${category.slug}`}
                  className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                >
                  <Lock className="size-4" aria-hidden="true" />
                  Locked: how to join<span className="sr-only"> {category.name}</span>
                </Link>
              ) : (
                <Link
                  href={`/forum/${category.slug}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  View discussions<span className="sr-only"> in {category.name}</span>
                </Link>
              )}
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
