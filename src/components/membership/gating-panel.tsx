import Link from "next/link";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { tierName } from "@/lib/format";

/**
 * What a member whose tier is below a library item's, a library category's or a forum category's level
 * sees instead of its content (at least the required level): what it is,
 * what it holds, and the way to upgrade (her Billing tab) or to compare the tiers.
 */
export function GatingPanel({
  level,
  memberLevel,
  what,
  holds,
}: {
  level: string | null;
  memberLevel: string | null;
  what: string;
  holds?: string;
}) {
  return (
    <section
      data-testid="gating-panel"
      aria-labelledby="gating-heading"
      className="grid justify-items-center gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-8 text-center"
    >
      <Lock aria-hidden className="size-8 text-primary" />
      <h2 id="gating-heading" className="text-2xl font-semibold">
        Members Only
      </h2>
      <p className="max-w-xl text-muted-foreground">
        {what} is for {level ? `${tierName(level)} members and above` : "members"}.{holds ? ` ${holds}` : ""}
        {memberLevel ? ` Your ${tierName(memberLevel)} membership does not include it yet.` : ""}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {memberLevel ? (
          <Button asChild>
            <Link href="/profile?tab=billing">Upgrade your membership</Link>
          </Button>
        ) : null}
        <Button asChild variant={memberLevel ? "outline" : "default"}>
          <Link href="/membership#tiers">See membership tiers</Link>
        </Button>
      </div>
    </section>
  );
}
