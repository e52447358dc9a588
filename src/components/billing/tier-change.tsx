"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatCents, formatDate } from "@/lib/format";
import type { UpgradePreview } from "@/features/billing/types";
import { ConfirmButton } from "./confirm-button";
import type { BillingMode, MembershipView, Overview } from "./types";
import { useBillingAction } from "./use-billing-action";

interface Props {
  userId: number;
  mode: BillingMode;
  membership: MembershipView;
  tiers: Overview["tiers"];
  onChanged: () => void;
}

/**
 * Upgrade now, after Stripe's own preview of the prorated charge (confirmed with the preview's
 * proration date, so the charge is exactly the amount shown), or switch to a lower tier at the end
 * of the period.
 */
export function TierChange({ userId, mode, membership: m, tiers, onChanged }: Props) {
  const [preview, setPreview] = React.useState<UpgradePreview | null>(null);
  const rank = (id: string) => tiers.findIndex((t) => t.id === id);
  const previewing = useMutation({
    mutationFn: (tier: string) => apiRequest<UpgradePreview>("POST", `/api/users/${userId}/billing/preview`, { tier }),
    onSuccess: setPreview,
    onError: (error) =>
      toastError("No preview", errorMessage(error, "The price could not be worked out. Please try again.")),
  });
  const change = useBillingAction<
    { tier: string; prorationDate?: number },
    { tier: string; charged: number; effective: "now" | "period_end"; on?: string }
  >(
    `/api/users/${userId}/billing/tier`,
    (r) => {
      const title = tiers.find((t) => t.id === r.tier)?.title ?? r.tier;
      return r.effective === "now"
        ? { title: `Upgraded to ${title}`, description: `${formatCents(r.charged)} was charged.` }
        : { title: `Changes to ${title} on ${formatDate(r.on!)}`, description: "Nothing is charged or refunded now." };
    },
    () => {
      setPreview(null);
      onChanged();
    },
  );
  if (m.status === "canceled" || m.billingMethod !== "card") return null;
  const blocked = m.scheduledTier
    ? "Undo the scheduled change to choose another tier."
    : m.cancelAtPeriodEnd
      ? "Undo the cancellation to change tier."
      : m.status !== "active"
        ? "Settle the outstanding payment to change tier."
        : null;
  const periodEnd = m.currentPeriodEnd ? formatDate(m.currentPeriodEnd) : "the end of the period";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change tier</CardTitle>
        <CardDescription>
          Upgrades apply at once, charging the rest of this period at the new price. Downgrades apply at the end of the
          period, on {periodEnd}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {blocked ? (
          <p className="text-sm">{blocked}</p>
        ) : (
          <ul className="grid gap-3">
            {tiers
              .filter((t) => t.id !== m.tier)
              .map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                  <span>
                    <span className="font-medium">{t.title}</span>{" "}
                    <span className="text-muted-foreground">{formatCents(t.amount)} a month</span>
                  </span>
                  {rank(t.id) > rank(m.tier) ? (
                    <Button
                      pending={previewing.isPending && previewing.variables === t.id}
                      onClick={() => previewing.mutate(t.id)}
                    >
                      Upgrade to {t.title}
                    </Button>
                  ) : (
                    <ConfirmButton
                      label={`Switch to ${t.title}`}
                      title={`Switch to ${t.title} on ${periodEnd}?`}
                      description={`${mode === "member" ? "You keep" : "She keeps"} ${m.tierTitle} until ${periodEnd}; from then the membership is ${t.title} at ${formatCents(t.amount)} a month. Nothing is charged or refunded now.`}
                      confirmLabel={`Switch to ${t.title}`}
                      pending={change.isPending}
                      onConfirm={() => change.mutateAsync({ tier: t.id })}
                    />
                  )}
                </li>
              ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={preview !== null} onOpenChange={(open) => (open ? undefined : setPreview(null))}>
        <DialogContent>
          {preview ? (
            <>
              <DialogHeader>
                <DialogTitle>Upgrade to {preview.tierTitle}</DialogTitle>
                <DialogDescription>
                  {formatCents(preview.amountDue, preview.currency)} is charged now to the card on file for the rest of
                  this period; from {formatDate(preview.periodEnd)} the {preview.tierTitle} monthly price applies.
                </DialogDescription>
              </DialogHeader>
              <table className="w-full text-sm">
                <caption className="sr-only">How the amount due today is worked out</caption>
                <tbody>
                  {preview.lines.map((line, i) => (
                    <tr key={i} className="border-b">
                      <td className="py-1 pr-2">{line.description}</td>
                      <td className="py-1 text-right whitespace-nowrap">
                        {formatCents(line.amount, preview.currency)}
                      </td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className="py-1 text-left">
                      Due today
                    </th>
                    <td className="py-1 text-right font-semibold whitespace-nowrap">
                      {formatCents(preview.amountDue, preview.currency)}
                    </td>
                  </tr>
                </tbody>
              </table>
              <DialogFooter>
                <Button variant="outline" onClick={() => setPreview(null)}>
                  Keep as is
                </Button>
                <Button
                  pending={change.isPending}
                  pendingLabel="Working..."
                  onClick={() => change.mutate({ tier: preview.tier, prorationDate: preview.prorationDate })}
                >
                  {`Pay ${formatCents(preview.amountDue, preview.currency)} and upgrade`}
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
