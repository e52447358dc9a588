import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * What an administrator is told on a payment page while card payment is off (the Stripe keys unset):
 * how to try it with Stripe's test keys, where no money moves (docs/deployment.md, Stripe). Applicants
 * see only that payments are not configured.
 */
export function StripeTestModeHint() {
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle as="h2">For administrators: trying card payments</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>
          Card payment is off: <code>STRIPE_SECRET_KEY</code> and <code>STRIPE_PUBLISHABLE_KEY</code> are not both set.
          To try it without moving money, start the site with your Stripe test keys:{" "}
          <code>STRIPE_SECRET_KEY=sk_test_... STRIPE_PUBLISHABLE_KEY=pk_test_... npm start</code>, then pay with the
          test card 4242 4242 4242 4242.
        </p>
        <p>The webhook and every other step are in docs/deployment.md, section Stripe (Test mode, end to end).</p>
      </CardContent>
    </Card>
  );
}
