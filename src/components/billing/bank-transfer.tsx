"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCents, formatDate } from "@/lib/format";
import type { MembershipView } from "./types";
import { useBillingAction } from "./use-billing-action";
import { ManualPaymentForm } from "./manual-payment-form";
import type { ManualPaymentInput } from "@/features/money/schemas";

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
  const record = useBillingAction<ManualPaymentInput, { currentPeriodEnd: string }>(
    `/api/users/${userId}/billing/bank-transfer`,
    (r) => ({
      title: "Transfer recorded",
      description: `Her membership is paid until ${formatDate(r.currentPeriodEnd)}.`,
    }),
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
        <ManualPaymentForm
          id="bank-transfer-notes"
          label="Transfer reference"
          submitLabel={`Record ${formatCents(amount)} transfer`}
          send={(values) => record.mutateAsync(values)}
        />
      </CardContent>
    </Card>
  );
}
