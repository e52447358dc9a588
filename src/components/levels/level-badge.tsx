import { Badge } from "@/components/ui/badge";
import type { MemberLevel } from "@/features/levels/types";

/** Her level from points earned, beside her name (forum, directory, profile, leaderboard). */
export function LevelBadge({ level, className }: { level: MemberLevel; className?: string }) {
  return (
    <Badge variant="outline" className={className} title={`Level ${level.level}: ${level.name}`}>
      Level {level.level} · {level.name}
    </Badge>
  );
}
