"use client";

import { Button } from "@/components/ui/button";

export type MoveDirection = "up" | "down";

/**
 * Up and Down for one row of a list she orders. At either end of the list the button says so
 * (aria-disabled, which Button ignores presses for) instead of being disabled, so that it keeps her focus
 * (docs/decisions/037-focus-after-an-action.md). `ids` names the buttons for a caller that puts her
 * focus back on one after the list is drawn again.
 */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
  pending,
  ids,
}: {
  /** What moves, as said in "Move {name} up". */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: MoveDirection) => void;
  /** The move on its way, when the order is saved at once. */
  pending?: MoveDirection | null;
  ids?: Record<MoveDirection, string>;
}) {
  const button = (direction: MoveDirection, atEnd: boolean) => (
    <Button
      type="button"
      variant="outline"
      size="sm"
      id={ids?.[direction]}
      aria-label={`Move ${name} ${direction}`}
      aria-disabled={atEnd || undefined}
      pending={pending === direction}
      onClick={() => onMove(direction)}
    >
      {direction === "up" ? "Up" : "Down"}
    </Button>
  );
  return (
    <>
      {button("up", first)}
      {button("down", last)}
    </>
  );
}
