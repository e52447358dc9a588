"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatCents, formatDate } from "@/lib/format";
import type { MembershipView } from "./types";
import { useBillingAction } from "./use-billing-action";

/**
 * An admin records a bank-transfer member's monthly payment (POST /api/users/{id}/billing/bank-transfer):
 * a receipt goes to her, and her paid period moves forward a month.
 */
export function BankTransfer({
  userId,
  membership: m,
  amount,
  onChanged,
}: {
  userId: number;
  membership: MembershipView;
  amount: number;
  onChanged: () => void;
}) {
  const [notes, setNotes] = React.useState("");
  const record = useBillingAction<{ notes: string }, { currentPeriodEnd: string }>(
    `/api/users/${userId}/billing/bank-transfer`,
    (r) => {
      setNotes("");
      return {
        title: "Transfer recorded",
        description: `Her membership is paid until ${formatDate(r.currentPeriodEnd)}.`,
      };
    },
    onChanged,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Bank transfer</CardTitle>
        <CardDescription>
          {m.currentPeriodEnd ? `Paid until ${formatDate(m.currentPeriodEnd)}. ` : ""}Recording her transfer of{" "}
          {formatCents(amount)} sends her a receipt and moves her paid period forward a month.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            record.mutate({ notes });
          }}
        >
          <div className="grid min-w-56 flex-1 gap-1">
            <Label htmlFor="bank-transfer-notes">Transfer reference</Label>
            <Input
              id="bank-transfer-notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              required
              minLength={3}
            />
          </div>
          <Button type="submit" pending={record.isPending} pendingLabel="Recording...">
            {`Record ${formatCents(amount)} transfer`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
