import { Lock, Pin } from "lucide-react";
import { Badge } from "@/components/ui/badge";

export function TopicBadges({ isPinned, isLocked }: { isPinned: boolean; isLocked: boolean }) {
  return (
    <>
      {isPinned ? (
        <Badge>
          <Pin aria-hidden className="size-3" /> Pinned
        </Badge>
      ) : null}
      {isLocked ? (
        <Badge variant="secondary">
          <Lock aria-hidden className="size-3" /> Locked
        </Badge>
      ) : null}
    </>
  );
}
