import type { MemberStanding } from "@/features/levels/types";

const pointsText = (points: number) => `${points.toLocaleString("en")} point${points === 1 ? "" : "s"}`;

/** Her points and what the next level needs. */
export function StandingLine({ standing }: { standing: MemberStanding }) {
  return (
    <p className="mt-2 text-sm" data-testid="standing">
      <span className="font-medium">{pointsText(standing.points)}</span>
      {standing.next
        ? ` · ${pointsText(standing.next.pointsNeeded)} to Level ${standing.next.level}: ${standing.next.name}`
        : " · the highest level"}
    </p>
  );
}

export { pointsText };
