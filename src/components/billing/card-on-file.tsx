"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { getStripe } from "@/lib/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { MembershipView } from "./types";

interface Props {
  userId: number;
  membership: MembershipView;
  publishableKey: string | null;
  onChanged: () => void;
}

/** Her card on file, added or replaced with the Payment Element and a SetupIntent: the card goes to Stripe only. */
export function CardOnFile({ userId, membership: m, publishableKey, onChanged }: Props) {
  const [clientSecret, setClientSecret] = React.useState<string | null>(null);
  const setup = useMutation({
    mutationFn: () => apiRequest<{ clientSecret: string }>("POST", `/api/users/${userId}/billing/setup-intent`),
    onSuccess: (r) => setClientSecret(r.clientSecret),
    onError: (error) =>
      toastError("Card not available", errorMessage(error, "The card form could not be opened. Please try again.")),
  });
  const action = m.card ? "Update card" : "Add card";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Card on file</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3 text-sm">
        <p>{m.card ?? "No card on file."}</p>
        {publishableKey ? (
          <Button variant="outline" pending={setup.isPending} pendingLabel="Opening..." onClick={() => setup.mutate()}>
            {action}
          </Button>
        ) : null}
      </CardContent>
      <Dialog open={clientSecret !== null} onOpenChange={(open) => (open ? undefined : setClientSecret(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{action}</DialogTitle>
            <DialogDescription>
              {m.status === "past_due"
                ? "The new card pays the outstanding invoice at once and is used for future renewals."
                : "The new card is used for future membership payments."}
            </DialogDescription>
          </DialogHeader>
          {clientSecret && publishableKey ? (
            <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance: { theme: "stripe" } }}>
              <CardForm
                userId={userId}
                onSaved={() => {
                  setClientSecret(null);
                  onChanged();
                }}
              />
            </Elements>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function CardForm({ userId, onSaved }: { userId: number; onSaved: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [saving, setSaving] = React.useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSaving(true);
    const result = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: `${window.location.origin}/profile?tab=billing` },
      redirect: "if_required",
    });
    if (result.error) {
      toastError("Card not saved", result.error.message ?? "The card could not be saved.");
      setSaving(false);
      return;
    }
    try {
      const saved = await apiRequest<{ card: string | null; paymentError: string | null }>(
        "POST",
        `/api/users/${userId}/billing/payment-method`,
        { setupIntentId: result.setupIntent.id },
      );
      if (saved.paymentError) toastError("Card saved, payment failed", saved.paymentError);
      else
        toast({
          title: "Card updated",
          description: `Future payments are charged to ${saved.card ?? "the new card"}.`,
        });
      onSaved();
    } catch (error) {
      toastError("Card not saved", errorMessage(error, "The card could not be saved."));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-4" aria-label="Card details">
      <PaymentElement />
      <Button type="submit" disabled={!stripe || !elements} pending={saving} pendingLabel="Saving...">
        Save card
      </Button>
    </form>
  );
}
