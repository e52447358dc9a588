"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { MemberSummary } from "@/features/messages/types";
import { apiRequest } from "@/lib/api-client";
import { initialsOf } from "@/lib/initials";
import { cn } from "@/lib/utils";

const MIN_LETTERS = 2;

/**
 * New message's "To" (WAI-ARIA combobox with a listbox popup) over GET /api/messages/recipients: the
 * members she may write to whose name holds what she types. Choosing one opens the composer for her
 * (or their conversation, if they have one).
 */
export function RecipientSearch() {
  const router = useRouter();
  const id = React.useId();
  const listId = `${id}-options`;
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ["/api/messages/recipients", query],
    queryFn: () =>
      apiRequest<{ members: MemberSummary[] }>("GET", `/api/messages/recipients?q=${encodeURIComponent(query)}`),
    enabled: query.length >= MIN_LETTERS,
    staleTime: 30_000,
  });
  const members = open && query.length >= MIN_LETTERS ? (search.data?.members ?? []) : [];
  const choose = (member: MemberSummary) => {
    setOpen(false);
    setText(member.name);
    router.push(`/messages/new?to=${member.id}`);
  };
  const status =
    query.length < MIN_LETTERS || !search.data
      ? ""
      : search.data.members.length === 0
        ? "No member you can write to has that name."
        : `${search.data.members.length} member${search.data.members.length === 1 ? "" : "s"} found.`;

  return (
    <div className="grid gap-2">
      <FormField label="To" id={`${id}-to`} hint="Type at least two letters of her name, then choose her.">
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={members.length > 0}
          aria-controls={listId}
          aria-activedescendant={members.length > 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && members.length) {
              event.preventDefault();
              setActive((i) => (i + 1) % members.length);
            } else if (event.key === "ArrowUp" && members.length) {
              event.preventDefault();
              setActive((i) => (i - 1 + members.length) % members.length);
            } else if (event.key === "Enter" && members.length) {
              event.preventDefault();
              choose(members[active]!);
            } else if (event.key === "Escape") {
              setOpen(false);
            }
          }}
        />
      </FormField>
      <div className="relative">
        <ul
          id={listId}
          role="listbox"
          aria-label="Members"
          className={cn(
            "absolute z-20 max-h-72 w-full overflow-auto rounded-md border bg-popover p-1 shadow-md",
            members.length === 0 && "hidden",
          )}
        >
          {members.map((member, i) => {
            const [first = "", ...rest] = member.name.split(" ");
            return (
              <li
                key={member.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded px-2 py-1.5",
                  i === active && "bg-accent text-accent-foreground",
                )}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(member);
                }}
              >
                <Avatar className="size-8">
                  {member.profilePicture ? <AvatarImage src={member.profilePicture} alt="" /> : null}
                  <AvatarFallback aria-hidden="true">{initialsOf(first, rest.join(" "))}</AvatarFallback>
                </Avatar>
                {member.name}
              </li>
            );
          })}
        </ul>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  );
}
