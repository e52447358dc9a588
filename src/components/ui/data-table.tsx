import * as React from "react";
import { cn } from "@/lib/utils";
import { ScrollRegion } from "./scroll-region";

interface DataTableProps {
  /** Read by screen readers: what the table lists. */
  caption: string;
  columns: string[];
  /** Shown in a single row when there are no rows. */
  empty?: React.ReactNode;
  isEmpty?: boolean;
  className?: string;
  children: React.ReactNode;
}

/**
 * The admin screens' table: scrolls sideways on narrow screens, header row, empty-state row. Its
 * labelled region is where focus goes once an action has taken its last row away (RowFocusScope).
 */
export function DataTable({ caption, columns, empty, isEmpty = false, className, children }: DataTableProps) {
  return (
    <ScrollRegion label={caption} className={cn("rounded-xl border bg-card", className)} data-row-fallback>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
