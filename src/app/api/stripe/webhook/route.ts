// POST /api/stripe/webhook - Stripe's events, signature-checked and applied once each.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/lib/http/api-route";
import { siteUrl } from "@/lib/http/site-url";
import { handleStripeEvent, verifyWebhook } from "@/server/payments/webhook";

// Not wrapped in apiRoute: Stripe's servers send no Origin and no session, and the signature over
// the raw body is the authentication. Any failure after verification answers 500 so Stripe retries.
export async function POST(request: NextRequest) {
  try {
    const event = verifyWebhook(await request.text(), request.headers.get("stripe-signature"));
    const result = await handleStripeEvent(event, siteUrl(request.headers));
    return NextResponse.json({ received: true, result });
  } catch (error) {
    return errorResponse(error);
  }
}
