"use client";

import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";

/** Shares the event page with the system share sheet, or copies its link. */
export function ShareButton({ title }: { title: string }) {
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // cancelled, or refused: fall back to copying
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "The event link is on your clipboard." });
    } catch {
      toast({ title: "Copy this link", description: url });
    }
  }
  return (
    <Button variant="outline" onClick={share}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}
