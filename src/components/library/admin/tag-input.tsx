"use client";

import * as React from "react";
import { X } from "lucide-react";
import { Input } from "@/components/ui/input";
import { slugify } from "@/lib/slug";

/** The item's tags: pick existing ones or type a new one (created when the item is saved). */
export function TagInput({
  id,
  value,
  onChange,
  suggestions,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  describedBy?: string;
}) {
  const [draft, setDraft] = React.useState("");
  const add = (name: string) => {
    const clean = name.trim().replace(/,$/, "").trim();
    if (!clean || !slugify(clean)) return;
    const existing = suggestions.find((tag) => slugify(tag) === slugify(clean)) ?? clean;
    if (!value.some((tag) => slugify(tag) === slugify(existing))) onChange([...value, existing]);
    setDraft("");
  };
  return (
    <div className="grid gap-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-sm"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="cursor-pointer rounded-full p-1 hover:bg-accent"
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        list={`${id}-suggestions`}
        value={draft}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          // Choosing a suggestion from the list, or typing a comma, adds the tag.
          if (next.endsWith(",") || suggestions.includes(next)) add(next);
          else setDraft(next);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add(draft);
          }
        }}
        onBlur={() => add(draft)}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions
          .filter((tag) => !value.includes(tag))
          .map((tag) => (
            <option key={tag} value={tag} />
          ))}
      </datalist>
    </div>
  );
}
