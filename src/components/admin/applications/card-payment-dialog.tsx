"use client";

import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { getStripe } from "@/lib/stripe-js";
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from "@stripe/react-stripe-js";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { formatCents } from "@/lib/format";
import { APPLICATIONS_KEY } from "./types";

/** The dialog closes itself 2 seconds after a successful payment. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

type Phase = "idle" | "processing" | "success" | "error";
type Field = "number" | "expiry" | "cvc";
/** What Stripe's change events tell us about each card field (it never tells us the value). */
type FieldState = Record<Field, { empty: boolean; complete: boolean }>;
const EMPTY_FIELDS: FieldState = {
  number: { empty: true, complete: false },
  expiry: { empty: true, complete: false },
  cvc: { empty: true, complete: false },
};
const INVALID_CARD = {
  title: "Invalid Card Details",
  description: "Please check your card information and try again.",
} as const;

/**
 * The admin's Process Payment dialog. Card fields are Stripe Elements (iframes in production), so
 * card data never reaches our server: Stripe returns a payment method id, which is all we post.
 */
export function CardPaymentDialog({
  applicationId,
  amount,
  publishableKey,
}: {
  applicationId: number;
  amount: number;
  publishableKey: string;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Process Payment</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Process Payment</DialogTitle>
          <DialogDescription>Credit card · {formatCents(amount)} (the tier&apos;s monthly price)</DialogDescription>
        </DialogHeader>
        {open ? (
          <Elements stripe={getStripe(publishableKey)}>
            <CardForm applicationId={applicationId} amount={amount} onDone={() => setOpen(false)} />
          </Elements>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CardForm({ applicationId, amount, onDone }: { applicationId: number; amount: number; onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [phase, setPhase] = React.useState<Phase>("idle");
  const [fields, setFields] = React.useState<FieldState>(EMPTY_FIELDS);
  const [message, setMessage] = React.useState("");

  React.useEffect(() => {
    if (phase !== "success") return;
    const timer = setTimeout(onDone, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [phase, onDone]);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardNumberElement);
    // An empty field is missing; a filled one Stripe does not accept is invalid.
    if (!card || Object.values(fields).some((f) => f.empty)) {
      toastError("Missing Information", "Please fill in all card details.");
      return;
    }
    if (Object.values(fields).some((f) => !f.complete)) {
      toastError(INVALID_CARD.title, INVALID_CARD.description);
      return;
    }
    setPhase("processing");
    const created = await stripe.createPaymentMethod({ type: "card", card });
    if (created.error) {
      setMessage(created.error.message ?? INVALID_CARD.description);
      toastError(INVALID_CARD.title, INVALID_CARD.description);
      setPhase("error");
      return;
    }
    try {
      await apiRequest("POST", `/api/applications/${applicationId}/process-payment`, {
        paymentMethodId: created.paymentMethod.id,
        amount,
        currency: "usd",
      });
      toast({ title: "Payment Successful", description: "The membership payment has been processed successfully." });
      setPhase("success");
    } catch (error) {
      const text = errorMessage(error, "There was an error processing the payment.");
      setMessage(text);
      // 402 is the card's answer (a decline); anything else is Stripe or this site refusing the request, not her card.
      toastError(error instanceof ApiError && error.status === 402 ? "Payment Failed" : "Payment Not Processed", text);
      setPhase("error");
    } finally {
      await queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
    }
  }

  const track = (field: Field) => (event: { empty: boolean; complete: boolean }) =>
    setFields((f) => ({ ...f, [field]: { empty: event.empty, complete: event.complete } }));

  if (phase === "success") return <p role="status">Payment complete. This dialog closes in a moment.</p>;
  if (phase === "error") {
    return (
      <div role="alert" className="grid gap-4">
        <p>{message}</p>
        <Button
          onClick={() => {
            // The card fields mount afresh, empty.
            setFields(EMPTY_FIELDS);
            setPhase("idle");
          }}
        >
          Try Again
        </Button>
      </div>
    );
  }
  const field = "rounded-md border border-input bg-card px-3 py-2.5";
  return (
    <form onSubmit={pay} className="grid gap-4" aria-label="Card details">
      <div className="grid gap-2">
        <Label id="card-number-label">Card number</Label>
        <div className={field} role="group" aria-labelledby="card-number-label">
          <CardNumberElement onChange={track("number")} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="grid gap-2">
          <Label id="card-expiry-label">Expiry</Label>
          <div className={field} role="group" aria-labelledby="card-expiry-label">
            <CardExpiryElement onChange={track("expiry")} />
          </div>
        </div>
        <div className="grid gap-2">
          <Label id="card-cvc-label">CVC</Label>
          <div className={field} role="group" aria-labelledby="card-cvc-label">
            <CardCvcElement onChange={track("cvc")} />
          </div>
        </div>
      </div>
      <Button type="submit" disabled={!stripe} pending={phase === "processing"} pendingLabel="Processing...">
        {`Pay ${formatCents(amount)}`}
      </Button>
    </form>
  );
}
