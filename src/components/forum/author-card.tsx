"use client";

import Link from "next/link";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initialsOf } from "@/lib/initials";
import { Badge } from "@/components/ui/badge";
import { HoverCard, HoverCardContent, HoverCardTrigger } from "@/components/ui/hover-card";
import { parseISO } from "date-fns";
import { formatDate } from "@/lib/format";
import type { ForumAuthor } from "@/features/forum/types";
import { authorName, tierBadgeLabel } from "./labels";

/** The author's name, linking to her profile, with a hover card (picture or initials, name, level, bio, member since). */
export function AuthorHoverCard({ author }: { author: ForumAuthor }) {
  const name = authorName(author);
  const level = tierBadgeLabel(author.membershipLevel);
  return (
    <HoverCard>
      <HoverCardTrigger asChild>
        <Link href={`/profile/${author.id}`} className="font-medium underline-offset-4 hover:underline">
          {name}
        </Link>
      </HoverCardTrigger>
      <HoverCardContent>
        <div className="flex gap-3">
          <Avatar className="size-12">
            {author.profilePicture ? <AvatarImage src={author.profilePicture} alt="" /> : null}
            <AvatarFallback>{initialsOf(author.firstName, author.lastName)}</AvatarFallback>
          </Avatar>
          <div className="grid gap-1 text-sm">
            <p className="font-semibold">{name}</p>
            {level ? <Badge variant="secondary">{level}</Badge> : null}
            {author.bio ? <p className="text-muted-foreground">{author.bio}</p> : null}
            {author.memberSince ? (
              <p className="text-xs text-muted-foreground">Member since {formatDate(parseISO(author.memberSince))}</p>
            ) : null}
          </div>
        </div>
      </HoverCardContent>
    </HoverCard>
  );
}
