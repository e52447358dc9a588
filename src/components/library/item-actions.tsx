"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bookmark, BookmarkCheck, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest } from "@/lib/api-client";
import { LIBRARY_ITEMS_KEY } from "./library-browser";

// The bookmark toggle and Share, with their toasts word for word.

export function BookmarkButton({ contentId }: { contentId: number }) {
  const queryClient = useQueryClient();
  const statusKey = ["library-bookmark", contentId];
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async () =>
      (await apiRequest<{ isBookmarked: boolean }>("GET", `/api/content/bookmarks/${contentId}/status`)).isBookmarked,
  });
  const toggle = useMutation({
    mutationFn: (save: boolean) =>
      save
        ? apiRequest("POST", "/api/content/bookmarks", { contentId })
        : apiRequest("DELETE", `/api/content/bookmarks/${contentId}`),
    onSuccess: (_data, save) => {
      queryClient.setQueryData(statusKey, save);
      void queryClient.invalidateQueries({ queryKey: [LIBRARY_ITEMS_KEY] });
      toast({ title: save ? "Content saved to your bookmarks" : "Content removed from your bookmarks" });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) toastError("Please log in to bookmark content");
      else toastError("Action failed", "Could not update bookmark status");
    },
  });
  const saved = status.data === true;
  return (
    <Button
      variant={saved ? "secondary" : "outline"}
      aria-pressed={saved}
      aria-disabled={status.isPending || undefined}
      pending={toggle.isPending}
      pendingLabel={saved ? "Removing..." : "Saving..."}
      onClick={() => toggle.mutate(!saved)}
    >
      {saved ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
      {saved ? "Saved" : "Save"}
    </Button>
  );
}

export function ShareButton({ title }: { title: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the share sheet is not a failure.
        if ((error as Error).name !== "AbortError") toastError("Sharing failed", "Could not share the content");
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Content link copied to clipboard" });
    } catch {
      toastError("Sharing failed", "Could not share the content");
    }
  }
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}
