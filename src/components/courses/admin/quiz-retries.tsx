"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import type { QuizRetryValues } from "@/features/courses/quiz";
import { useAdminCall } from "./use-admin-call";

export interface OutOfAttempts {
  userId: number;
  name: string;
  username: string;
  attempts: number;
  bestScore: number;
  lastAttemptAt: string;
}

/**
 * Members who used every attempt at the lesson's quiz without passing, each with "Allow another try"
 * (src/server/courses/quiz-retries.ts). Her row goes once she has it: focus moves to the list's heading.
 */
export function QuizRetries({ lessonId, members }: { lessonId: number; members: OutOfAttempts[] }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  const retry = useAdminCall<QuizRetryValues>(
    ({ userId }) => ({ method: "POST", path: `/api/admin/course-lessons/${lessonId}/quiz/retries`, body: { userId } }),
    { success: "Another try given", onSuccess: () => heading.current?.focus() },
  );
  return (
    <section aria-labelledby="quiz-retries-heading" className="grid max-w-3xl gap-3 border-t pt-8">
      <h2 id="quiz-retries-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        Members out of attempts
      </h2>
      <p className="text-muted-foreground">
        They used every attempt this quiz allows without passing. Another try clears their attempts (kept in the record)
        so that they can take the quiz again.
      </p>
      {members.length === 0 ? (
        <p>No member has used every attempt without passing.</p>
      ) : (
        <ul className="grid gap-2" aria-labelledby="quiz-retries-heading">
          {members.map((member) => (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3"
            >
              <div>
                <p className="font-medium">
                  {member.name} <span className="text-muted-foreground">@{member.username}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {member.attempts} attempt{member.attempts === 1 ? "" : "s"}, best {member.bestScore}%, last on{" "}
                  {formatDate(member.lastAttemptAt)}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                pending={retry.isPending && retry.variables?.userId === member.userId}
                onClick={() => retry.mutate({ userId: member.userId })}
              >
                Allow another try<span className="sr-only"> for {member.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
