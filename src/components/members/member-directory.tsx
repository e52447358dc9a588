"use client";

import * as React from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initialsOf } from "@/lib/initials";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCurrentUser } from "@/hooks/use-auth";
import { useFocusOnMore } from "@/hooks/use-focus-on-more";
import { apiRequest } from "@/lib/api-client";
import { LevelBadge } from "@/components/levels/level-badge";
import type { DirectoryPage } from "@/features/profiles/types";

/** The member directory: search by name, location, interests and mentor topics, a Mentors filter, and More for the next page. */
export function MemberDirectory() {
  const { user: me } = useCurrentUser();
  const [typed, setTyped] = React.useState("");
  const [search, setSearch] = React.useState("");
  const [mentors, setMentors] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const directory = useInfiniteQuery({
    queryKey: ["/api/members", search, mentors],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({
        q: search,
        ...(mentors ? { mentors: "1" } : {}),
        ...(pageParam ? { after: pageParam } : {}),
      });
      return apiRequest<DirectoryPage>("GET", `/api/members?${params}`);
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const members = directory.data?.pages.flatMap((page) => page.members) ?? [];
  const list = React.useRef<HTMLUListElement>(null);
  const focusOnMore = useFocusOnMore(list, members.length);
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="memberSearch">Search members</Label>
          <Input
            id="memberSearch"
            type="search"
            placeholder="Name, place, interest or mentor topic"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Checkbox id="mentorsOnly" checked={mentors} onCheckedChange={(checked) => setMentors(checked === true)} />
          <Label htmlFor="mentorsOnly" className="font-normal">
            Mentors only
          </Label>
        </div>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {directory.isPending
          ? "Loading members..."
          : directory.isError
            ? "Could not load the directory. Please try again."
            : members.length === 0
              ? "No members found."
              : members.length === 1 && !directory.hasNextPage
                ? "1 member"
                : `${members.length}${directory.hasNextPage ? "+" : ""} members`}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" ref={list}>
        {members.map((member) => (
          <li key={member.id} className="flex gap-3 rounded-lg border p-4">
            <Avatar className="size-12">
              {member.profilePicture ? <AvatarImage src={member.profilePicture} alt="" /> : null}
              <AvatarFallback aria-hidden="true">{initialsOf(member.firstName, member.lastName)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <h2 className="font-semibold">
                <Link href={`/profile/${member.id}`} className="underline-offset-4 hover:underline">
                  {member.firstName} {member.lastName}
                </Link>
              </h2>
              <LevelBadge level={member.pointsLevel} className="mt-1" />
              {member.occupation ? <p className="text-sm">{member.occupation}</p> : null}
              {member.location ? <p className="text-sm text-muted-foreground">{member.location}</p> : null}
              {member.isMentor ? (
                <p className="mt-1 flex items-center gap-1 text-sm font-medium text-primary">
                  <Crown className="size-3.5" aria-hidden="true" /> Mentor
                  {member.mentorTopics.length ? `: ${member.mentorTopics.join(", ")}` : ""}
                </p>
              ) : null}
              {member.interests.length ? (
                <p className="mt-1 text-sm text-muted-foreground">{member.interests.join(" · ")}</p>
              ) : null}
              {member.id === me?.id ? null : (
                <Button asChild size="sm" variant="outline" className="mt-3">
                  <Link href={`/messages/new?to=${member.id}`}>
                    Message
                    <span className="sr-only">
                      {" "}
                      {member.firstName} {member.lastName}
                    </span>
                  </Link>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {directory.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            pending={directory.isFetchingNextPage}
            pendingLabel="Loading..."
            onClick={() => {
              focusOnMore();
              void directory.fetchNextPage();
            }}
          >
            Show more members
          </Button>
        </div>
      ) : null}
    </div>
  );
}
