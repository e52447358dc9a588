"use client";

import * as React from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { QueryStatus } from "@/components/ui/query-status";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { apiRequest } from "@/lib/api-client";
import { initialsOf } from "@/lib/initials";
import { cn } from "@/lib/utils";
import { LEADERBOARD_WINDOW_LABELS, LEADERBOARD_WINDOWS, type LeaderboardWindow } from "@/features/levels/constants";
import type { Leaderboard } from "@/features/levels/types";
import { LevelBadge } from "./level-badge";
import { pointsText } from "./standing-line";

/** The board in three windows (tabs), with her own points and rank in each. */
export function LeaderboardView() {
  const [window, setWindow] = React.useState<LeaderboardWindow>("30d");
  return (
    <Tabs value={window} onValueChange={(value) => setWindow(value as LeaderboardWindow)}>
      <TabsList aria-label="Period">
        {LEADERBOARD_WINDOWS.map((key) => (
          <TabsTrigger key={key} value={key}>
            {LEADERBOARD_WINDOW_LABELS[key]}
          </TabsTrigger>
        ))}
      </TabsList>
      {LEADERBOARD_WINDOWS.map((key) => (
        <TabsContent key={key} value={key} className="mt-6">
          {key === window ? <Board window={key} /> : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function Board({ window }: { window: LeaderboardWindow }) {
  const { user: me } = useCurrentUser();
  const board = useQuery({
    queryKey: ["/api/leaderboard", window],
    queryFn: () => apiRequest<Leaderboard>("GET", `/api/leaderboard?window=${window}`),
  });
  return (
    <QueryStatus query={board} what="leaderboard">
      {(data) => (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {data.mine === null
              ? "You are hidden from the directory, so you are not on the leaderboard."
              : data.mine.rank === null
                ? `You have no points in this period yet.`
                : `You are number ${data.mine.rank} with ${pointsText(data.mine.points)}.`}
          </p>
          {data.entries.length === 0 ? (
            <p>No one has earned points in this period yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label={`Leaderboard, ${LEADERBOARD_WINDOW_LABELS[window].toLowerCase()}`}>
              {data.entries.map((entry) => (
                <li
                  key={entry.id}
                  className={cn(
                    "flex items-center gap-3 rounded-lg border p-3",
                    entry.id === me?.id && "border-primary bg-primary/5",
                  )}
                >
                  <span className="w-8 text-right font-semibold tabular-nums">
                    <span className="sr-only">Rank </span>
                    {entry.rank}
                  </span>
                  <Avatar className="size-10">
                    {entry.profilePicture ? <AvatarImage src={entry.profilePicture} alt="" /> : null}
                    <AvatarFallback aria-hidden="true">{initialsOf(entry.firstName, entry.lastName)}</AvatarFallback>
                  </Avatar>
                  <div className="min-w-0 flex-1">
                    <Link href={`/profile/${entry.id}`} className="font-medium underline-offset-4 hover:underline">
                      {entry.firstName} {entry.lastName}
                    </Link>
                    <div>
                      <LevelBadge level={entry.level} />
                    </div>
                  </div>
                  <span className="text-sm font-medium whitespace-nowrap">{pointsText(entry.points)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </QueryStatus>
  );
}
