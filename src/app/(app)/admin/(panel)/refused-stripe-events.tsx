import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { listRefusedEvents } from "@/server/runtime/stripe-webhook/refusals";

/**
 * The admin dashboard's list of Stripe webhook events the app refused (sent at another API version,
 * or of a shape it cannot read). Stripe keeps delivering each; an event leaves the list once applied.
 * The calls Stripe refused the app are another list, /admin/stripe-refusals.
 */
export async function RefusedStripeEvents() {
  const { total, events } = await listRefusedEvents();
  if (total === 0) return null;
  return (
    <Card className="mt-8 border-destructive" role="region" aria-labelledby="refused-stripe-events-title">
      <CardHeader>
        <CardTitle as="h2" id="refused-stripe-events-title">
          Stripe events refused
        </CardTitle>
        <CardDescription>
          {total === 1 ? "1 event from Stripe was" : `${total} events from Stripe were`} not applied, and Stripe keeps
          sending {total === 1 ? "it" : "them"}: payments and memberships may be out of date until this is fixed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {events.map((e) => (
            <li key={e.eventId} className="break-words">
              <span className="font-medium">{e.type}</span> <code>{e.eventId}</code>
              {e.apiVersion ? ` at API version ${e.apiVersion}` : ""}, last delivered {formatDateTime(e.lastAt)} (
              {e.deliveries} {e.deliveries === 1 ? "delivery" : "deliveries"}): {e.message}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
