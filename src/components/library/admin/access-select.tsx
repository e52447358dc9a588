import * as React from "react";
import { TIER_IDS } from "@/features/membership/constants";
import { tierName } from "@/lib/format";

/** Who may read an item or a category: every member, or a tier and those above it (its form's `access`). */
export function AccessSelect(props: React.ComponentProps<"select">) {
  return (
    <select className="min-h-10 w-full rounded-md border border-input bg-card px-3 text-base md:text-sm" {...props}>
      <option value="public">Every member</option>
      {TIER_IDS.map((tier) => (
        <option key={tier} value={tier}>
          {tierName(tier)} members and above
        </option>
      ))}
    </select>
  );
}
