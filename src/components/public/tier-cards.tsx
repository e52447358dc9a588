import Link from "next/link";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCents } from "@/lib/format";
import type { Tier } from "@/features/membership/types";

const termLabel = (months: number) => (months === 12 ? "Annual" : `${months} months`);

/** The four tiers; each card leads to /apply?tier={id}. */
export function TierCards({ tiers }: { tiers: Tier[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {tiers.map((tier) => (
        <li
          key={tier.id}
          className={`relative flex flex-col rounded-xl border bg-card p-6 shadow-sm ${tier.popular ? "border-primary ring-2 ring-primary" : ""}`}
        >
          {tier.popular ? <Badge className="absolute -top-3 left-6">Most Popular</Badge> : null}
          <h3 className="text-2xl font-semibold">{tier.title}</h3>
          <p className="text-sm text-muted-foreground">{termLabel(tier.durationMonths)}</p>
          <p className="mt-4">
            <span className="text-3xl font-semibold">{formatCents(tier.monthlyPriceCents).replace(/\.00$/, "")}</span>
            <span className="text-muted-foreground"> / month</span>
          </p>
          <p className="mt-3 text-muted-foreground">{tier.description}</p>
          <ul className="mt-4 flex-1 space-y-2 text-sm">
            {tier.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-6" variant={tier.popular ? "default" : "outline"}>
            <Link href={`/apply?tier=${tier.id}`}>Choose {tier.title}</Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
