"use client";

import * as React from "react";
import { Textarea } from "@/components/ui/textarea";
import { mentionMarkdown } from "@/features/notifications/mentions";
import { apiRequest } from "@/lib/api-client";

interface Suggestion {
  id: number;
  name: string;
}

/** "@" and at least two letters right before the caret, at the start or after a space. */
const TRIGGER = /(^|\s)@([\p{L}\p{N}'-]{2,30})$/u;

function setNativeValue(textarea: HTMLTextAreaElement, value: string) {
  // The native setter and an input event, so that react-hook-form's onChange sees the change.
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(textarea, value);
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The forum's Markdown textarea with @mentions: typing "@" and two letters lists members
 * from the directory; Arrow keys move, Enter or Tab inserts `[@Name](/profile/id)`, Escape closes.
 * The textarea is the WAI-ARIA combobox's input (aria-autocomplete, aria-controls, aria-activedescendant).
 */
export function MentionTextarea({ ref, ...props }: React.ComponentProps<"textarea">) {
  const own = React.useRef<HTMLTextAreaElement | null>(null);
  const listId = React.useId();
  const [suggestions, setSuggestions] = React.useState<Suggestion[]>([]);
  const [active, setActive] = React.useState(0);
  const [trigger, setTrigger] = React.useState<{ start: number; term: string } | null>(null);

  React.useEffect(() => {
    if (!trigger) return;
    let current = true;
    const timer = setTimeout(() => {
      apiRequest<{ members: { id: number; firstName: string; lastName: string }[] }>(
        "GET",
        `/api/members?q=${encodeURIComponent(trigger.term)}`,
      ).then(
        (page) => {
          if (!current) return;
          setSuggestions(
            page.members.slice(0, 6).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() })),
          );
          setActive(0);
        },
        () => current && setSuggestions([]),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trigger]);

  const close = () => {
    setTrigger(null);
    setSuggestions([]);
  };

  const readTrigger = (textarea: HTMLTextAreaElement) => {
    const before = textarea.value.slice(0, textarea.selectionStart);
    const match = TRIGGER.exec(before);
    if (!match) return close();
    setTrigger({ start: before.length - match[2]!.length - 1, term: match[2]! });
  };

  const choose = (suggestion: Suggestion) => {
    const textarea = own.current;
    if (!textarea || !trigger) return;
    const mention = `${mentionMarkdown(suggestion.name, suggestion.id)} `;
    const after = textarea.value.slice(textarea.selectionStart);
    setNativeValue(textarea, textarea.value.slice(0, trigger.start) + mention + after);
    const caret = trigger.start + mention.length;
    textarea.setSelectionRange(caret, caret);
    close();
  };

  const open = trigger !== null && suggestions.length > 0;
  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={(node) => {
          own.current = node;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          props.onChange?.(event);
          readTrigger(event.currentTarget);
        }}
        onKeyDown={(event) => {
          if (open) {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              setActive(
                (index) => (index + (event.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length,
              );
              return;
            }
            if (event.key === "Enter" || event.key === "Tab") {
              event.preventDefault();
              choose(suggestions[active]!);
              return;
            }
            if (event.key === "Escape") {
              event.preventDefault();
              close();
              return;
            }
          }
          props.onKeyDown?.(event);
        }}
        onBlur={(event) => {
          props.onBlur?.(event);
          setTimeout(close, 150);
        }}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="absolute z-20 mt-1 max-h-60 w-full max-w-sm overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={
                index === active ? "cursor-pointer rounded bg-accent px-2 py-1.5" : "cursor-pointer rounded px-2 py-1.5"
              }
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              {suggestion.name}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {open ? `${suggestions.length} members found. Use the arrow keys and Enter to mention one.` : ""}
      </p>
    </div>
  );
}
