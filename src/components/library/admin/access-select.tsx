import * as React from "react";
import { TIER_IDS } from "@/features/membership/constants";
import { tierName } from "@/lib/format";
import { NativeSelect } from "@/components/ui/native-select";

/** Who may read an item or a category: every member, or a tier and those above it (its form's `access`). */
export function AccessSelect(props: React.ComponentProps<"select">) {
  return (
    <NativeSelect {...props}>
      <option value="public">Every member</option>
      {TIER_IDS.map((tier) => (
        <option key={tier} value={tier}>
          {tierName(tier)} members and above
        </option>
      ))}
    </NativeSelect>
  );
}
