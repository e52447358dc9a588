"use client";

import * as React from "react";
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { cn } from "@/lib/utils";
import { useAdminCall } from "./use-admin-call";

// Drag to reorder the outline's modules and lessons (@dnd-kit, docs/dependencies.md). Dragging is for a
// pointer; the rows' Up and Down buttons do the same from the keyboard (WCAG 2.5.7), so the handle is
// not a stop of its own in the tab order.

type Sortable = ReturnType<typeof useSortable>;
const DragHandleContext = React.createContext<{
  grip: Sortable["setActivatorNodeRef"];
  listeners: Sortable["listeners"];
} | null>(null);

/**
 * An ordered list (`ol`, given its props) whose rows she drags by their handle: the new order shows at once and is saved (`path`, PUT
 * `{ ids }`); a refused save puts the server's order back.
 */
export function DragOrderList<T extends { id: number }>({
  items,
  path,
  children,
  ...list
}: {
  items: T[];
  path: string;
  children: (item: T, index: number, count: number) => React.ReactNode;
} & Omit<React.ComponentProps<"ol">, "children">) {
  const [order, setOrder] = React.useState(items);
  const [shown, setShown] = React.useState(items);
  // The server's order after a save (router.refresh) replaces hers.
  if (shown !== items) {
    setShown(items);
    setOrder(items);
  }
  const save = useAdminCall<number[]>((ids) => ({ method: "PUT", path, body: { ids } }), {
    success: "Order saved",
    onError: () => {
      setOrder(items);
      return false;
    },
  });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((item) => item.id === active.id);
    const to = order.findIndex((item) => item.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    save.mutate(next.map((item) => item.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      {/* The list inside the context: dnd-kit's own announcements go beside it, never inside the ol. */}
      <SortableContext items={order.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol {...list}>{order.map((item, index) => children(item, index, order.length))}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** A row of a DragOrderList: an `li` that moves with the pointer. */
export function DragOrderRow({
  id,
  className,
  children,
}: {
  id: number;
  className?: string;
  children: React.ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({ id });
  const handle = React.useMemo(() => ({ grip: setActivatorNodeRef, listeners }), [setActivatorNodeRef, listeners]);
  return (
    <li
      ref={setNodeRef}
      data-row
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(className, isDragging && "relative z-10 shadow-lg")}
    >
      <DragHandleContext.Provider value={handle}>{children}</DragHandleContext.Provider>
    </li>
  );
}

/** The row's grip: pressed and moved with a pointer, it drags the row. */
export function DragHandle({ name }: { name: string }) {
  const { grip, listeners } = React.useContext(DragHandleContext)!;
  return (
    <span
      ref={grip}
      {...listeners}
      data-testid="drag-handle"
      title={`Drag to reorder ${name}`}
      aria-hidden
      className="cursor-grab touch-none self-center rounded p-1 text-muted-foreground hover:bg-accent active:cursor-grabbing"
    >
      <GripVertical className="size-4" />
    </span>
  );
}
