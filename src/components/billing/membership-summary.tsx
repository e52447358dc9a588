"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCents, formatDate } from "@/lib/format";
import { ConfirmButton } from "./confirm-button";
import { STATUS_LABEL, type BillingMode, type MembershipView } from "./types";
import { useBillingAction } from "./use-billing-action";

interface Props {
  userId: number;
  mode: BillingMode;
  membership: MembershipView;
  onChanged: () => void;
}

const STATUS_BADGE: Record<string, "success" | "warning" | "destructive" | "secondary"> = {
  active: "success",
  trialing: "secondary",
  past_due: "destructive",
  canceled: "secondary",
};

/** Tier, status, next charge and term; a scheduled change with its Undo; Cancel (or from when she can). */
export function MembershipSummary({ userId, mode, membership: m, onChanged }: Props) {
  const who = mode === "member" ? "you are" : "she is";
  const cancel = useBillingAction<undefined, { endsOn: string }>(
    `/api/users/${userId}/billing/cancel`,
    (r) => ({ title: "Membership cancelled", description: `The membership ends on ${formatDate(r.endsOn)}.` }),
    onChanged,
  );
  const undo = useBillingAction<undefined, unknown>(
    `/api/users/${userId}/billing/resume`,
    () => ({ title: "Change undone", description: "The membership continues as before." }),
    onChanged,
  );
  const live = m.status !== "canceled" && m.billingMethod === "card";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Membership</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">Tier</dt>
          <dd>{m.tierTitle}</dd>
          <dt className="font-medium">Status</dt>
          <dd>
            <Badge variant={STATUS_BADGE[m.status] ?? "secondary"}>{STATUS_LABEL[m.status] ?? m.status}</Badge>
          </dd>
          <dt className="font-medium">Next charge</dt>
          <dd>
            {m.nextCharge
              ? `${formatCents(m.nextCharge.amount)} on ${formatDate(m.nextCharge.date)}${m.nextCharge.byCard ? "" : " (by bank transfer)"}`
              : "None"}
          </dd>
          {mode === "admin" && m.billingMethod !== "manual" ? (
            <>
              <dt className="font-medium">Card</dt>
              <dd>{m.card ?? "None on file"}</dd>
            </>
          ) : null}
          <dt className="font-medium">Member since</dt>
          <dd>{formatDate(m.startedAt)}</dd>
          <dt className="font-medium">Term</dt>
          <dd>Until {formatDate(m.termEndsAt)}</dd>
          {m.trialEndsAt && m.status === "trialing" ? (
            <>
              <dt className="font-medium">Trial ends</dt>
              <dd>{formatDate(m.trialEndsAt)}</dd>
            </>
          ) : null}
        </dl>
        {m.status === "past_due" ? (
          <p role="alert" className="rounded-md border border-destructive p-3">
            {m.accessEnded
              ? `The last payment failed and access is paused until it is paid.`
              : `The last payment failed. Stripe will try again; update the card to pay now. Access pauses on ${formatDate(m.accessEndsAt!)} if it is still unpaid.`}
          </p>
        ) : null}
        {m.status === "trialing" && !m.nextCharge && m.trialEndsAt ? (
          <p>Add a card before {formatDate(m.trialEndsAt)} to stay a member after the trial.</p>
        ) : null}
        {m.scheduledTier && m.currentPeriodEnd ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <p>
              Changes to {m.scheduledTierTitle} on {formatDate(m.currentPeriodEnd)}.
            </p>
            <Button variant="outline" size="sm" pending={undo.isPending} onClick={() => undo.mutate(undefined)}>
              Undo change
            </Button>
          </div>
        ) : null}
        {m.cancelAtPeriodEnd && m.currentPeriodEnd ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <p>Cancelled: the membership ends on {formatDate(m.currentPeriodEnd)}.</p>
            <Button variant="outline" size="sm" pending={undo.isPending} onClick={() => undo.mutate(undefined)}>
              Undo cancellation
            </Button>
          </div>
        ) : null}
        {live && !m.cancelAtPeriodEnd ? (
          m.canCancel || mode === "admin" ? (
            <div>
              <ConfirmButton
                label="Cancel membership"
                title="Cancel membership?"
                description={`The membership ends on ${m.currentPeriodEnd ? formatDate(m.currentPeriodEnd) : "the end of the period"}, with full access until then, and nothing more is charged. You can undo this until then.`}
                confirmLabel="Cancel membership"
                variant="destructive"
                pending={cancel.isPending}
                onConfirm={() => cancel.mutateAsync(undefined)}
              />
              {mode === "admin" && !m.canCancel ? (
                <p className="mt-1 text-muted-foreground">
                  Her term runs until {formatDate(m.termEndsAt)}: as an admin you may cancel earlier.
                </p>
              ) : null}
            </div>
          ) : (
            <p>
              Your membership term runs until {formatDate(m.termEndsAt)}. You can cancel from{" "}
              {formatDate(m.cancelableFrom)}.
            </p>
          )
        ) : null}
        {m.billingMethod === "manual" ? (
          <p>Paid by bank transfer: {who} reminded by email a week before each renewal.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
