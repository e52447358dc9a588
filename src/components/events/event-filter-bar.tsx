"use client";

import { Button } from "@/components/ui/button";
import { EVENT_FILTERS, type EventFilter } from "@/features/events/constants";

/** The filter buttons of an event listing. */
export function EventFilterBar({ filter, onChange }: { filter: EventFilter; onChange: (filter: EventFilter) => void }) {
  return (
    <div role="group" aria-label="Filter events" className="flex flex-wrap gap-2">
      {EVENT_FILTERS.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={filter === option.value ? "default" : "outline"}
          aria-pressed={filter === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
