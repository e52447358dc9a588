import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { applications, emailOutbox, invitations, paymentTransactions, referralCommissions } from "@/db/schema";
import { createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { useFakeStripeJs } from "./fake-stripe-js";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";
import type { Page } from "@playwright/test";

/** An approved application with no payment yet, as after an admin approved before the applicant paid. */
async function insertApplication(overrides: Partial<typeof applications.$inferInsert> = {}) {
  const email = `card_${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await testDb()
    .insert(applications)
    .values({
      firstName: "Frida",
      lastName: "Kahlo",
      email,
      phone: "+52 55 5555 0100",
      membershipTier: "create",
      heardAbout: "Instagram",
      whyJoin: "I paint and I want a circle of womxn who make things.",
      agreeTerms: true,
      status: "approved",
      approvedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

async function openApproved(page: Page, email: string) {
  await page.goto("/admin/applications");
  await page.getByRole("tab", { name: "Approved" }).click();
  await page.getByLabel("Search applications").fill(email);
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
}

async function fillCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  const dialog = page.getByRole("dialog", { name: "Process Payment" });
  await dialog.getByRole("textbox", { name: "Card number" }).fill(card.number);
  await dialog.getByRole("textbox", { name: "Expiry date" }).fill(card.expiry);
  await dialog.getByRole("textbox", { name: "CVC" }).fill(card.cvc);
}

test.beforeEach(async ({ page }) => {
  await useFakeStripeJs(page);
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
});

test("Process Payment: missing and invalid card details, a declined card, then a successful payment in the history", async ({
  page,
}) => {
  test.slow(); // a journey longer than most
  const application = await insertApplication();
  await openApproved(page, application.email);
  const history = page.getByRole("region", { name: "Payment history of Frida Kahlo" });
  await expect(history.getByText("No payments yet.")).toBeVisible();

  await page.getByRole("button", { name: "Process Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Process Payment" });
  await expect(dialog.getByText("Credit card · $50.00")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Card number" })).toBeVisible();
  await expectAccessible(page, "process payment dialog");
  const pay = dialog.getByRole("button", { name: "Pay $50.00" });

  await pay.click();
  await expect(toast(page).filter({ hasText: "Missing Information" })).toContainText(
    "Please fill in all card details.",
  );

  // A number too short is invalid, an empty CVC is missing, a number failing Stripe's check is invalid; nothing is charged.
  await fillCard(page, { number: "4242 4242", expiry: "12/34", cvc: "123" });
  await pay.click();
  await expect(toast(page).filter({ hasText: "Invalid Card Details" })).toContainText(
    "Please check your card information and try again.",
  );
  await fillCard(page, { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "" });
  await pay.click();
  await expect(toast(page).filter({ hasText: "Missing Information" })).toBeVisible();
  await fillCard(page, { number: "4242 4242 4242 4241", expiry: "12/34", cvc: "123" });
  await pay.click();
  await expect(toast(page).filter({ hasText: "Invalid Card Details" })).toBeVisible();

  // Stripe declines the card: the admin is told why, and the failed attempt is on record.
  await fillCard(page, { number: "4000 0000 0000 0002", expiry: "12/34", cvc: "123" });
  await pay.click();
  await expect(toast(page).filter({ hasText: "Payment Failed" })).toContainText("Your card was declined.");
  await expect(dialog.getByRole("alert")).toContainText("Your card was declined.");
  await dialog.getByRole("button", { name: "Try Again" }).click();

  await fillCard(page, { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" });
  await pay.click();
  await expect(toast(page).filter({ hasText: "Payment Successful" })).toContainText(
    "The membership payment has been processed successfully.",
  );
  // The dialog closes by itself 2 seconds after success.
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  // (The page behind the modal dialog is hidden from the accessibility tree until it closes.)
  // Two rows: the declined attempt and the payment; the missing and invalid details charged nothing.
  await expect(history.getByText("completed")).toBeVisible();
  await expect(history.getByText("failed")).toBeVisible();
  await expect(history.getByRole("cell", { name: "$50.00" })).toHaveCount(2);
  await expectAccessible(page, "applications after payment");

  // Approved and paid: the invitation goes out, after the payment's receipt, which an admin can read in the outbox.
  await expect.poll(async () => (await latestEmailTo(application.email))?.kind).toBe("membership-invitation");
  const [receipt] = await testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, application.email), eq(emailOutbox.kind, "payment-receipt")));
  await page.goto(`/admin/outbox/${receipt!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your receipt from Womxn Community" })).toBeVisible();
  await expect(page.getByTestId("email-text")).toContainText(
    "we received your payment of $50.00 for the Create membership",
  );
  await expect(page.getByTestId("email-text")).toContainText("Payment method: Card.");
  await expectAccessible(page, "receipt in the outbox");
});

test("a referred, paid application: its commission exists once (Generate Referral adds none), and Resend Invitation revokes the old link", async ({
  page,
}) => {
  const application = await insertApplication({
    status: "pending",
    approvedAt: null,
    partnerCode: "SOFIA15",
    membershipTier: "empower",
  });
  const headers = { origin: process.env.TEST_BASE_URL! };
  expect(
    (
      await page.request.post(`/api/applications/${application.id}/manual-payment`, {
        data: { notes: "Bank transfer 7" },
        headers,
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.patch(`/api/applications/${application.id}/status`, {
        data: { status: "approved", reviewNotes: "" },
        headers,
      })
    ).status(),
  ).toBe(200);
  const first = await latestEmailTo(application.email);
  expect(first?.kind).toBe("membership-invitation");

  // The cleared payment created the commission; the button creates the same row only where none exists.
  const [commission] = await testDb()
    .select()
    .from(referralCommissions)
    .where(eq(referralCommissions.applicationId, application.id));
  expect(commission).toMatchObject({ amountCents: 975, rate: "15%", status: "pending" });
  await openApproved(page, application.email);
  await page.getByRole("button", { name: "Generate Referral" }).click();
  await expect(
    toast(page).filter({ hasText: "A referral commission already exists for this application." }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Resend Invitation" }).click();
  await expect(toast(page).filter({ hasText: "Invitation Sent" })).toContainText(
    `A new invitation has been emailed to ${application.email}.`,
  );
  const sent = await testDb()
    .select()
    .from(invitations)
    .where(eq(invitations.applicationId, application.id))
    .orderBy(invitations.id);
  expect(sent).toHaveLength(2);
  expect(sent[0]!.revokedAt).not.toBeNull();
  expect(sent[1]!.revokedAt).toBeNull();
  const second = await latestEmailTo(application.email);
  expect(second!.id).not.toBe(first!.id);
  expect(second!.kind).toBe("membership-invitation");
  await expectAccessible(page, "approved application with referral");
});

test("Mark as Failed on a manual payment needs a note, then the button is disabled", async ({ page }) => {
  const application = await insertApplication({ status: "pending", approvedAt: null });
  const [payment] = await testDb()
    .insert(paymentTransactions)
    .values({
      applicationId: application.id,
      amount: 5000,
      paymentMethod: "manual",
      status: "pending",
      membershipTier: "create",
      notes: "Paying by cheque.",
    })
    .returning();
  await page.goto(`/admin/payment-transactions/${payment!.id}`);
  await expect(page.getByRole("heading", { name: "Transaction Actions" })).toBeVisible();
  await page.getByRole("button", { name: "Mark as Failed" }).click();
  await expect(toast(page).filter({ hasText: "Error" })).toContainText("Please add a note (at least 3 characters)");
  await page.getByLabel("Note (required to mark a manual payment)").fill("The cheque bounced");
  await page.getByRole("button", { name: "Mark as Failed" }).click();
  await expect(toast(page).filter({ hasText: "Transaction updated" })).toContainText(
    "The payment is now marked as failed.",
  );
  await expect(page.getByRole("button", { name: "Mark as Failed" })).toBeDisabled();
  await expect(page.getByText("The cheque bounced")).toBeVisible();
  await expectAccessible(page, "failed manual payment");
});

test("Email Payment Link sends a pending applicant a fresh link that opens her payment", async ({ page }) => {
  const application = await insertApplication({
    status: "pending",
    approvedAt: null,
    firstName: "Lee",
    lastName: "Krasner",
  });
  await page.goto("/admin/applications");
  await page.getByLabel("Search applications").fill(application.email);
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Email Payment Link" }).click();
  await expect(toast(page).filter({ hasText: "Payment Link Sent" })).toContainText(
    `A new payment link has been emailed to ${application.email}.`,
  );
  const mail = await latestEmailTo(application.email);
  expect(mail?.kind).toBe("application-payment-link");

  // She opens it, signed out, as she would from her inbox.
  await page.context().clearCookies();
  await page.goto(new URL(linkIn(mail!.text, "/payment/")).pathname);
  await expect(page.getByText("Applicant: Lee Krasner")).toBeVisible();
  await expect(page.getByText("$50.00")).toBeVisible();
  await expectAccessible(page, "payment from an admin's link");
});

test("an approved application offers Resend Invitation only once an invitation could have been sent (paid for)", async ({
  page,
}) => {
  const application = await insertApplication();
  await openApproved(page, application.email);
  await expect(page.getByRole("button", { name: "Record Manual Payment" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Invitation" })).toHaveCount(0);
  await page.getByRole("button", { name: "Record Manual Payment" }).click();
  await page.getByLabel("Payment note (e.g. bank transfer reference)").fill("Bank transfer 12");
  await page.getByRole("button", { name: "Record $50.00" }).click();
  await expect(toast(page).filter({ hasText: "Payment recorded" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Invitation" })).toBeVisible();
});

test("after Approve or Reject from the keyboard, focus moves to the next card, then to the empty list's heading", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  await insertApplication({ status: "pending", approvedAt: null, firstName: "Audre", lastName: `Lorde ${tag}` });
  await insertApplication({ status: "pending", approvedAt: null, firstName: "Octavia", lastName: `Butler ${tag}` });
  await page.goto("/admin/applications");
  await page.getByLabel("Search applications").fill(tag);
  await expect(page.getByText("2 applications", { exact: true })).toBeVisible();
  const activeText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

  // Newest first: Octavia's card, then Audre's.
  await page.getByRole("button", { name: "Approve" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
  await expect.poll(activeText).toBe(`Audre Lorde ${tag}`);
  await expect(page.getByRole("link", { name: `Audre Lorde ${tag}` })).toBeFocused();

  await page.getByRole("button", { name: "Reject" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "No Applications Found" })).toBeFocused();
  expect(await activeText()).toBe("No Applications Found");
  await expectAccessible(page, "applications after the last review");
});
