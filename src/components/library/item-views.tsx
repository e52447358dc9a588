"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { apiRequest } from "@/lib/api-client";

/**
 * The item's view count. When the item loads, one view is recorded (the server counts a member once
 * a day) and the item is fetched again for the new count; a failed record is
 * only logged.
 */
export function ItemViews({
  id,
  slug,
  initial,
  record,
}: {
  id: number;
  slug: string;
  initial: number;
  record: boolean;
}) {
  const queryClient = useQueryClient();
  const key = ["library-item-views", slug];
  const views = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await apiRequest<{ viewCount: number }>("GET", `/api/content/items/${encodeURIComponent(slug)}`)).viewCount,
    initialData: initial,
  });
  const recordView = useMutation({
    mutationFn: () => apiRequest("POST", `/api/content/items/${id}/view`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => console.warn("Could not record the view", error),
  });
  const recorded = React.useRef(false);
  React.useEffect(() => {
    if (!record || recorded.current) return;
    recorded.current = true;
    recordView.mutate();
  }, [record, recordView]);
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="item-views">
      <Eye aria-hidden className="size-4" />
      {views.data} {views.data === 1 ? "view" : "views"}
    </span>
  );
}
