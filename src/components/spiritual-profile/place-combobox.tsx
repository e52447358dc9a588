"use client";

import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { Input } from "@/components/ui/input";
import { apiRequest } from "@/lib/api-client";
import type { Place } from "@/features/places/types";
import { cn } from "@/lib/utils";

interface PlaceComboboxProps extends Omit<React.ComponentProps<"input">, "value" | "onChange" | "onSelect"> {
  value: string;
  onTextChange: (text: string) => void;
  onSelect: (place: Place) => void;
}

/** Birth place typeahead (WAI-ARIA combobox with a listbox popup) over GET /api/places. */
export function PlaceCombobox({ value, onTextChange, onSelect, id, ...inputProps }: PlaceComboboxProps) {
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const [query, setQuery] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(value), 150);
    return () => clearTimeout(timer);
  }, [value]);
  const { data } = useQuery({
    queryKey: ["/api/places", query],
    queryFn: () => apiRequest<{ places: Place[] }>("GET", `/api/places?q=${encodeURIComponent(query)}`),
    enabled: open && query.trim().length >= 2,
    staleTime: 60_000,
  });
  const places = open ? (data?.places ?? []) : [];
  const listId = `${id}-options`;
  const choose = (place: Place) => {
    onSelect(place);
    setOpen(false);
  };
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={places.length > 0}
        aria-controls={listId}
        aria-activedescendant={places.length > 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onTextChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && places.length) {
            e.preventDefault();
            setActive((i) => (i + 1) % places.length);
          } else if (e.key === "ArrowUp" && places.length) {
            e.preventDefault();
            setActive((i) => (i - 1 + places.length) % places.length);
          } else if (e.key === "Enter" && places.length) {
            e.preventDefault();
            choose(places[active]!);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
        {...inputProps}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Birth places"
        className={cn(
          "absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 shadow-md",
          places.length === 0 && "hidden",
        )}
      >
        {places.map((place, i) => (
          <li
            key={place.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn(
              "cursor-pointer rounded px-2 py-1.5 text-sm",
              i === active && "bg-accent text-accent-foreground",
            )}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(place);
            }}
          >
            {place.label} <span className="text-muted-foreground">({place.timeZone})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
