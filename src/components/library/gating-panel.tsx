import Link from "next/link";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { tierName } from "./labels";

/**
 * What a member whose tier is below an item's or a category's level sees instead of its content
 * (decisions.md, Authorization: at least the required level).
 */
export function GatingPanel({ level, memberLevel, what }: { level: string | null; memberLevel: string | null; what: "content" | "category" }) {
  return (
    <section data-testid="gating-panel" aria-labelledby="gating-heading" className="grid justify-items-center gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-8 text-center">
      <Lock aria-hidden className="size-8 text-primary" />
      <h2 id="gating-heading" className="text-2xl font-semibold">
        Members Only
      </h2>
      <p className="max-w-xl text-muted-foreground">
        {what === "category" ? "This category" : "This content"} is for {level ? `${tierName(level)} members and above` : "members"}.
        {memberLevel ? ` Your ${tierName(memberLevel)} membership does not include it yet.` : ""}
      </p>
      <Button asChild>
        <Link href="/membership#tiers">See membership tiers</Link>
      </Button>
    </section>
  );
}
