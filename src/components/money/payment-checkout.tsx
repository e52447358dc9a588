"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { getStripe } from "@/lib/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest } from "@/lib/api-client";

interface PaymentCheckoutProps {
  publishableKey: string | null;
  /** The payment link's token: the only key to her application's payment. */
  token: string;
}

interface IntentAnswer {
  clientSecret: string;
  amount: number;
  currency: string;
}

export function PaymentCheckout({ publishableKey, token }: PaymentCheckoutProps) {
  // The server computes the amount from the application's tier.
  const intent = useQuery({
    queryKey: ["payment-intent", token],
    queryFn: () => apiRequest<IntentAnswer>("POST", "/api/create-payment-intent", { token }),
    enabled: Boolean(publishableKey),
  });

  if (!publishableKey || (intent.error instanceof ApiError && intent.error.status === 503)) {
    return (
      <PaymentProblem
        title="Payments are not configured"
        text="Card payments are not available on this site yet. Your application is saved: we will contact you about payment."
      />
    );
  }
  if (intent.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Preparing secure payment...
      </p>
    );
  }
  if (intent.error) {
    const text =
      intent.error instanceof ApiError && intent.error.status === 409 && intent.error.serverMessage
        ? intent.error.serverMessage
        : "Failed to initialize payment. Please try again later.";
    return <PaymentProblem title="Payment unavailable" text={text} />;
  }
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{ clientSecret: intent.data.clientSecret, appearance: { theme: "stripe" } }}
    >
      <PaymentForm token={token} />
    </Elements>
  );
}

function PaymentForm({ token }: { token: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [processing, setProcessing] = React.useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success?token=${encodeURIComponent(token)}` },
      redirect: "if_required",
    });
    if (result.error) {
      toastError("Payment Failed", result.error.message ?? "An error occurred during payment processing");
      setProcessing(false);
      return;
    }
    toast({ title: "Payment Successful", description: "Thank you for your purchase!" });
    router.push(
      `/payment-success?payment_intent=${encodeURIComponent(result.paymentIntent.id)}&token=${encodeURIComponent(token)}`,
    );
  }

  return (
    <form onSubmit={pay} className="grid gap-6" aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" size="lg" disabled={!stripe || !elements} pending={processing} pendingLabel="Processing...">
        Pay Now
      </Button>
    </form>
  );
}

export function PaymentProblem({ title, text }: { title: string; text: string }) {
  return (
    <Card role="alert">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link href="/apply">Go Back</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
