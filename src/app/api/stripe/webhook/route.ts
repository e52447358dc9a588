// POST /api/stripe/webhook - Stripe's events, signature-checked, at our API version, applied once each.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/server/http/api-route";
import { siteUrl } from "@/lib/http/site-url";
import { receiveStripeEvent } from "@/server/runtime/stripe-webhook/receive";

// Not wrapped in apiRoute: Stripe's servers send no Origin and no session, and the signature over
// the raw body is the authentication. Any failure after verification answers non-2xx so Stripe retries.
export async function POST(request: NextRequest) {
  try {
    const result = await receiveStripeEvent(await request.text(), request.headers.get("stripe-signature"), siteUrl());
    return NextResponse.json({ received: true, result });
  } catch (error) {
    return await errorResponse(error);
  }
}
