import type * as React from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { cn } from "@/lib/utils";

/**
 * What a list shows while its query loads ("Loading tags...", a status) and when it fails ("Could
 * not load the tags. Please try again later.", an alert); its content once the data is there.
 */
export function QueryStatus<T>({
  query,
  what,
  className,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  className?: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className={cn("text-muted-foreground", className)}>
        Loading {what}...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className={cn("text-destructive", className)}>
        Could not load the {what}. Please try again later.
      </p>
    );
  }
  return children(query.data);
}
