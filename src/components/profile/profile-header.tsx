import { Crown } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initialsOf } from "@/lib/initials";
import { Badge } from "@/components/ui/badge";
import type { Profile } from "@/features/profiles/types";
import { LevelBadge } from "@/components/levels/level-badge";
import { StandingLine } from "@/components/levels/standing-line";

/** Avatar (initials fallback), name, occupation, location and the '{level} Member' badge (a crown for mentors). */
export function ProfileHeader({ profile, action }: { profile: Profile; action?: React.ReactNode }) {
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-24 text-2xl">
        {profile.profilePicture ? <AvatarImage src={profile.profilePicture} alt={name} /> : null}
        <AvatarFallback aria-hidden="true">{initialsOf(profile.firstName, profile.lastName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <h1 className="break-words text-3xl font-semibold">{name}</h1>
        {profile.occupation ? <p className="mt-1 text-muted-foreground">{profile.occupation}</p> : null}
        {profile.location ? <p className="text-sm text-muted-foreground">{profile.location}</p> : null}
        {profile.levelTitle ? (
          <Badge className="mt-2 gap-1">
            {profile.isMentor ? (
              <>
                <Crown className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Mentor, </span>
              </>
            ) : null}
            {profile.levelTitle} Member
          </Badge>
        ) : null}
        <LevelBadge level={profile.pointsLevel} className={profile.levelTitle ? "mt-2 ml-2" : "mt-2"} />
        {"standing" in profile ? <StandingLine standing={profile.standing} /> : null}
      </div>
      {action}
    </div>
  );
}
