import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { askStripe, paymentsConfigured } from "@/server/stripe/client";

/**
 * After she changed her email address (the `account.email-changed` job): her Stripe customer gets it
 * too, so that Stripe's receipts and invoices reach her where she now reads her mail. A refusal fails
 * the job, which the queue retries.
 */
export async function updateCustomerEmail(userId: number): Promise<void> {
  if (!paymentsConfigured()) return;
  const [member] = await db
    .select({ customer: users.stripeCustomerId, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const customer = member?.customer;
  if (!customer) return;
  await askStripe("Her new email address was not given to the payment service", { userId }, (client) =>
    client.customers.update(customer, { email: member.email }),
  );
}
