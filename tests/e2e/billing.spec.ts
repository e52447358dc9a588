import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { memberships, paymentTransactions } from "@/db/schema";
import { addMonths } from "date-fns";
import { arrangeBankTransferMember, arrangeCardMember, fakeBilling, stripeCall } from "../support/billing";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { useFakeStripeJs } from "./fake-stripe-js";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

// Her Billing tab against the fake Stripe API and the fake Stripe.js (tests/e2e/fake-stripe-js.ts).

test.beforeEach(async ({ page }) => {
  await useFakeStripeJs(page);
});

/** The value of a term in the membership summary. */
const field = (page: Page, label: string) =>
  page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
const membershipOf = async (userId: number) =>
  (await testDb().select().from(memberships).where(eq(memberships.userId, userId)))[0]!;

test("she upgrades after Stripe's preview and is charged exactly it, then downgrades at period end and undoes it", async ({
  page,
}) => {
  test.slow(); // a journey longer than most
  const { user, subscriptionId } = await arrangeCardMember("create");
  await signInAs(page, user.username, TEST_PASSWORD);
  await page.goto("/profile?tab=billing");
  await expect(field(page, "Tier")).toHaveText("Create");
  await expect(field(page, "Next charge")).toHaveText(/^\$50\.00 on /);
  await expect(page.getByText(/^Your membership term runs until .+\. You can cancel from .+\.$/)).toBeVisible();
  await expectAccessible(page, "billing tab");

  await page.getByRole("button", { name: "Upgrade to Play" }).click();
  const preview = page.getByRole("dialog", { name: "Upgrade to Play" });
  await expect(preview.getByRole("rowheader", { name: "Due today" })).toBeVisible();
  const due = (await preview
    .getByRole("row", { name: /Due today/ })
    .getByRole("cell")
    .textContent())!;
  expect(due).toMatch(/^\$\d+\.\d\d$/);
  await expectAccessible(page, "upgrade preview");
  await preview.getByRole("button", { name: `Pay ${due} and upgrade` }).click();
  await expect(toast(page).filter({ hasText: "Upgraded to Play" })).toContainText(`${due} was charged.`);
  const invoice = (await fakeBilling()).invoices.find(
    (i) => i.billing_reason === "subscription_update" && i.parent.subscription_details.subscription === subscriptionId,
  )!;
  expect(`$${(invoice.amount_paid / 100).toFixed(2)}`).toBe(due);
  await expect(field(page, "Tier")).toHaveText("Play");
  await expect(field(page, "Next charge")).toHaveText(/^\$75\.00 on /);
  // The invoice becomes a transaction row from Stripe's invoice.paid webhook, with its receipt.
  await expect
    .poll(
      async () =>
        (
          await testDb()
            .select()
            .from(paymentTransactions)
            .where(and(eq(paymentTransactions.userId, user.id), eq(paymentTransactions.kind, "upgrade")))
        ).length,
    )
    .toBe(1);
  await page.reload();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: /^Upgrade/ }) });
  await expect(row.getByRole("cell", { name: due })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Receipt/ })).toHaveAttribute(
    "href",
    `https://invoice.stripe.com/i/${invoice.id}`,
  );

  await page.getByRole("button", { name: "Switch to Connect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch to Connect" }).click();
  // The billing tab's line, not the toast saying the same (the toasts are outside <main>).
  const scheduledChange = page.getByRole("main").getByText(/^Changes to Connect on .+\.$/);
  await expect(scheduledChange).toBeVisible();
  expect(await membershipOf(user.id)).toMatchObject({ tier: "play", scheduledTier: "connect" });
  await page.getByRole("button", { name: "Undo change" }).click();
  await expect(toast(page).filter({ hasText: "Change undone" })).toBeVisible();
  await expect(scheduledChange).toBeHidden();
  expect(await membershipOf(user.id)).toMatchObject({ tier: "play", scheduledTier: null });
});

test("at 320 px she cancels once her term is served, undoes it, and replaces her card", async ({ page }) => {
  test.slow(); // a journey longer than most
  await page.setViewportSize({ width: 320, height: 800 });
  const { user } = await arrangeCardMember("connect", { termServed: true });
  await signInAs(page, user.username, TEST_PASSWORD);
  await page.goto("/profile?tab=billing");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expectAccessible(page, "billing tab at 320 px");

  await page.getByRole("button", { name: "Cancel membership" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel membership" }).click();
  await expect(page.getByText(/^Cancelled: the membership ends on /)).toBeVisible();
  await expect(field(page, "Next charge")).toHaveText("None");
  expect((await membershipOf(user.id)).cancelAtPeriodEnd).toBe(true);
  await page.getByRole("button", { name: "Undo cancellation" }).click();
  await expect(page.getByRole("button", { name: "Cancel membership" })).toBeVisible();
  expect((await membershipOf(user.id)).cancelAtPeriodEnd).toBe(false);

  await page.getByRole("button", { name: "Update card" }).click();
  const dialog = page.getByRole("dialog", { name: "Update card" });
  await dialog.getByLabel("Card number").fill("5555 5555 5555 4444");
  await expectAccessible(page, "card dialog at 320 px");
  await dialog.getByRole("button", { name: "Save card" }).click();
  await expect(toast(page).filter({ hasText: "Card updated" })).toContainText("Mastercard ending in 4444");
  await expect(page.getByText("Mastercard ending in 4444", { exact: true })).toBeVisible();
});

test("an admin finds a member's renewal by its kind, opens her billing from it, and may cancel on her behalf but never enters her card", async ({
  page,
}) => {
  const { user, subscriptionId } = await arrangeCardMember("empower");
  const [renewal] = await testDb()
    .insert(paymentTransactions)
    .values({
      userId: user.id,
      kind: "renewal",
      amount: 6500,
      membershipTier: "empower",
      paymentMethod: "card",
      status: "completed",
      completedAt: new Date(),
      stripeInvoiceId: `in_e2e_${subscriptionId}`,
      stripePaymentIntentId: `pi_e2e_${subscriptionId}`,
    })
    .returning();
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/payment-transactions");
  await page.getByLabel("Search", { exact: true }).fill(String(renewal!.id));
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(renewal!.id), exact: true }) });
  await expect(row.getByRole("cell", { name: "Renewal", exact: true })).toBeVisible();
  await row.getByRole("link", { name: `View transaction ${renewal!.id}` }).click();
  await expect(page.getByRole("heading", { name: `Renewal #${renewal!.id}` })).toBeVisible();
  await page.getByRole("link", { name: "View Billing" }).click();

  await expect(page.getByRole("heading", { name: `Billing of ${user.firstName} ${user.lastName}` })).toBeVisible();
  await expect(field(page, "Next charge")).toHaveText(/^\$65\.00 on /);
  await expect(field(page, "Card")).toHaveText("Visa ending in 4242");
  await expect(page.getByRole("button", { name: "Update card" })).toHaveCount(0);
  const invoice = page.getByRole("row").filter({ has: page.getByRole("cell", { name: /^Renewal/ }) });
  await expect(invoice.getByRole("button", { name: "Refund" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel membership" })).toBeVisible();
  await expectAccessible(page, "admin member billing");
});

test("an admin refunds part of a renewal from her billing page, and may refund the rest later", async ({ page }) => {
  const { user, subscriptionId } = await arrangeCardMember("empower");
  // The renewal's charge, made in the fake Stripe as an invoice's off-session charge is.
  const [customer] = await testDb()
    .select({ id: memberships.stripeCustomerId })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  const charge = await stripeCall("/v1/payment_intents", {
    amount: "6500",
    currency: "usd",
    customer: customer!.id!,
    payment_method: "pm_card_visa",
    confirm: "true",
    off_session: "true",
  });
  expect(charge.json.status).toBe("succeeded");
  const [renewal] = await testDb()
    .insert(paymentTransactions)
    .values({
      userId: user.id,
      kind: "renewal",
      amount: 6500,
      membershipTier: "empower",
      paymentMethod: "card",
      status: "completed",
      completedAt: new Date(),
      stripeInvoiceId: `in_e2e_refund_${subscriptionId}`,
      stripePaymentIntentId: charge.json.id,
    })
    .returning();
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto(`/admin/payment-transactions/${renewal!.id}`);
  await page.getByRole("link", { name: "View Billing" }).click();
  await expect(page.getByRole("heading", { name: `Billing of ${user.firstName} ${user.lastName}` })).toBeVisible();

  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: /^Renewal/ }) });
  await row.getByRole("button", { name: /^Refund/ }).click();
  const dialog = page.getByRole("dialog", { name: "Refund of the $65.00 payment" });
  await expect(dialog.getByText("Up to $65.00 within the 14-day guarantee.")).toBeVisible();
  await dialog.getByLabel("Amount in dollars (optional)").fill("20.5");
  await dialog.getByLabel("Reason").fill("Goodwill for a missed event");
  await expectAccessible(page, "partial refund dialog");
  await dialog.getByRole("button", { name: "Issue Refund" }).click();
  await expect(toast(page).filter({ hasText: "Refund issued" })).toContainText("$20.50 is going back to the card.");
  await expect(page.getByRole("cell", { name: "-$20.50" })).toBeVisible();
  const refunds = await testDb()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.refundOfId, renewal!.id), eq(paymentTransactions.kind, "refund")));
  expect(refunds.map((r) => [r.amount, r.status, r.notes])).toEqual([
    [2050, "completed", "Goodwill for a missed event"],
  ]);

  // What is left is still refundable, up to what is left.
  await row.getByRole("button", { name: /^Refund/ }).click();
  await expect(page.getByRole("dialog").getByText("Up to $44.50 within the 14-day guarantee.")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Amount in dollars (optional)").fill("50");
  await page.getByRole("dialog").getByLabel("Reason").fill("Too much");
  await page.getByRole("dialog").getByRole("button", { name: "Issue Refund" }).click();
  await expect(
    page.getByRole("dialog").getByText("Enter an amount between $0.01 and $44.50, or leave it empty."),
  ).toBeVisible();
  // Refused before it is sent, she is on the amount to mend it.
  await expect(page.getByRole("dialog").getByLabel("Amount in dollars (optional)")).toBeFocused();
});

test("an admin records a bank-transfer member's payment, and her paid period moves forward a month", async ({
  page,
}) => {
  const { user } = await arrangeBankTransferMember("create");
  const before = await membershipOf(user.id);
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto(`/admin/members/${user.id}`);
  await page.getByRole("link", { name: "Her billing" }).click();
  await expect(page.getByRole("heading", { name: `Billing of ${user.firstName} ${user.lastName}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bank transfer" })).toBeVisible();
  await expect(page.getByText(/Recording her transfer of \$50\.00 sends her a receipt/)).toBeVisible();
  await page.getByLabel("Transfer reference").fill("TRF-2026-0142");
  await expectAccessible(page, "bank transfer");
  await page.getByRole("button", { name: "Record $50.00 transfer" }).click();
  await expect(toast(page).filter({ hasText: "Transfer recorded" })).toContainText("Her membership is paid until");
  await expect
    .poll(async () => (await membershipOf(user.id)).currentPeriodEnd!.getTime())
    .toBe(addMonths(before.currentPeriodEnd!, 1).getTime());
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: /^Renewal/ }) });
  await expect(row.getByRole("cell", { name: "$50.00" })).toBeVisible();
});
