"use client";

import * as React from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { CourseProgress } from "@/components/courses/course-parts";
import { EventsTab } from "@/components/profile/events-tab";
import { apiRequest } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { initialsOf } from "@/lib/initials";
import type { MembersHome as Home } from "@/features/home/types";
import { FirstSteps } from "./first-steps";
import { useLastVisit } from "./last-visit";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The members' home: her part of /home, loaded in the browser (the page is the same for every member). */
export function MembersHome() {
  const since = useLastVisit();
  const home = useQuery({
    queryKey: ["/api/home", since],
    enabled: since !== undefined,
    // Back on her home after doing one of her steps, she sees it ticked: never the copy from before.
    refetchOnMount: "always",
    queryFn: () => apiRequest<Home>("GET", since ? `/api/home?${new URLSearchParams({ since })}` : "/api/home"),
  });
  const data = home.data;
  const heading = React.useRef<HTMLHeadingElement>(null);
  return (
    <div className="grid gap-8">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold outline-none">
          Your home
        </h1>
        <p role="status" className="mt-2 text-muted-foreground">
          {home.isError
            ? "Could not load your home. Please try again."
            : !data
              ? "Loading what is new..."
              : `Since ${formatDate(data.since)}: ${plural(data.unread.notifications, "unread notification", "unread notifications")} and ${plural(data.unread.messages, "conversation", "conversations")} with unread messages.`}
        </p>
        {data ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/notifications">Notifications</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/messages">Messages</Link>
            </Button>
          </div>
        ) : null}
      </div>
      {data && !data.checklist.hidden ? (
        <FirstSteps checklist={data.checklist} afterHide={() => heading.current?.focus()} />
      ) : null}
      {data ? <HomeSections home={data} /> : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>;
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

function HomeSections({ home }: { home: Home }) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <Section id="home-forum" title={home.topicsFrom === "taken-part" ? "In your conversations" : "New in the forum"}>
        {home.topics.length === 0 ? (
          <Empty>
            Nothing new since your last visit.{" "}
            <Link href="/forum" className={linkClass}>
              Browse the forum
            </Link>{" "}
            or start a topic of your own.
          </Empty>
        ) : (
          <ul className="grid gap-2">
            {home.topics.map((topic) => (
              <li key={topic.id} className="rounded-lg border p-3">
                <Link href={`/forum/topic/${topic.slug}`} className="font-semibold underline-offset-4 hover:underline">
                  {topic.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {topic.categoryName} ·{" "}
                  {topic.isNew ? "New topic" : plural(topic.newReplies, "new reply", "new replies")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="home-courses" title="Your courses">
        {home.courses.length === 0 ? (
          <Empty>
            You are not taking a course.{" "}
            <Link href="/courses" className={linkClass}>
              Browse the courses
            </Link>{" "}
            and start one.
          </Empty>
        ) : (
          <ul className="grid gap-2">
            {home.courses.map((course) => (
              <li key={course.slug} className="grid gap-2 rounded-lg border p-3">
                <Link href={`/courses/${course.slug}`} className="font-semibold underline-offset-4 hover:underline">
                  {course.title}
                </Link>
                <CourseProgress {...course.progress} label={`Your progress in ${course.title}`} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="home-library" title="New in the library">
        {home.library.length === 0 ? (
          <Empty>
            Nothing new in the library since your last visit.{" "}
            <Link href="/library" className={linkClass}>
              Browse the library
            </Link>
            .
          </Empty>
        ) : (
          <ul className="grid gap-2">
            {home.library.map((item) => (
              <li key={item.slug} className="rounded-lg border p-3">
                <Link href={`/library/item/${item.slug}`} className="font-semibold underline-offset-4 hover:underline">
                  {item.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {item.categoryName ? `${item.categoryName} · ` : ""}
                  {formatDate(item.publishedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="home-events" title="Coming up">
        {home.goingTo ? (
          <>
            <h3 className="font-medium">You are going</h3>
            <EventsTab events={[home.goingTo]} />
          </>
        ) : null}
        {home.upcoming.length > 0 ? (
          <>
            {home.goingTo ? <h3 className="font-medium">Also coming up</h3> : null}
            <EventsTab events={home.upcoming} />
          </>
        ) : null}
        {!home.goingTo && home.upcoming.length === 0 ? (
          <Empty>No events are coming up yet. We will tell you when one is announced.</Empty>
        ) : (
          <Link href="/events" className={linkClass}>
            All events
          </Link>
        )}
      </Section>

      <Section id="home-members" title="New members this week">
        {home.newMembers.length === 0 ? (
          <Empty>
            No one new this week.{" "}
            <Link href="/members" className={linkClass}>
              Find members in the directory
            </Link>
            .
          </Empty>
        ) : (
          <ul className="flex flex-wrap gap-4">
            {home.newMembers.map((member) => {
              const [first = "", ...rest] = member.name.split(" ");
              return (
                <li key={member.id}>
                  <Link
                    href={`/profile/${member.id}`}
                    className="flex flex-col items-center gap-1 text-sm underline-offset-4 hover:underline"
                  >
                    <Avatar className="size-12">
                      {member.profilePicture ? <AvatarImage src={member.profilePicture} alt="" /> : null}
                      <AvatarFallback aria-hidden="true">{initialsOf(first, rest.join(" "))}</AvatarFallback>
                    </Avatar>
                    {member.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </div>
  );
}
