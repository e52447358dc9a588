import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { applications, paymentTransactions } from "@/db/schema";
import { createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { randomIp } from "../support/http";
import { useFakeStripeJs } from "./fake-stripe-js";
import { expect, expectAccessible, signInAs, signInWithForm, test, toast } from "./fixtures";
import type { Page } from "@playwright/test";

const fakeIntents = async () =>
  (await (await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/intents`)).json()) as {
    id: string;
    status: string;
    amount: number;
  }[];

async function fillApplication(page: Page, email: string) {
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Angelou");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 555 010 0199");
  await page.getByLabel("How did you hear about us?").selectOption("Instagram");
  await page.getByLabel("Why would you like to join?").fill("I am a poet looking for a circle of creative womxn.");
  await page.getByRole("checkbox", { name: /I agree to the/ }).click();
}

/** Where a card applicant is sent, and then the payment link in her email, as she opens it. */
async function openPaymentLinkFromEmail(page: Page, email: string) {
  await expect(page).toHaveURL(/\/application-received$/);
  await expect(page.getByRole("heading", { name: "Check your email to complete your payment" })).toBeVisible();
  const receipt = await latestEmailTo(email);
  expect(receipt?.kind).toBe("application-received");
  await page.goto(new URL(linkIn(receipt!.text, "/payment/")).pathname);
}

async function payWithCard(page: Page, number: string) {
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  await page.getByLabel("Card number").fill(number);
  await page.getByRole("button", { name: "Pay Now" }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
  await useFakeStripeJs(page);
});

test("an applicant applies with a referral code, pays, is approved, joins and signs in as a member", async ({
  page,
}) => {
  test.slow(); // from the application to her first sign-in: the longest journey of all
  const email = `maya_${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/apply?ref=SOFIA15");
  await expect(page.getByRole("heading", { name: "Apply for Membership" })).toBeVisible();
  await expect(page.getByLabel("Partner code (optional)")).toHaveValue("SOFIA15");
  // The form's outer group has a legend; the tier picker is a group of its own inside it.
  await expect(
    page.getByRole("group", { name: "Your membership application" }).getByRole("group", { name: "Membership tier" }),
  ).toBeVisible();
  expect(
    await page
      .locator("form fieldset")
      .evaluateAll((sets) =>
        sets.every(
          (set) => set.firstElementChild?.tagName === "LEGEND" && set.firstElementChild.textContent!.trim() !== "",
        ),
      ),
  ).toBe(true);
  await expectAccessible(page, "apply");
  // At 1280 px the benefits panel beside the long form is as tall as what it holds, and stays in view.
  const benefits = page.getByRole("complementary", { name: "Member benefits" });
  const spare = await benefits.evaluate(
    (panel) => panel.getBoundingClientRect().bottom - panel.querySelector("ul")!.getBoundingClientRect().bottom,
  );
  expect(spare).toBeLessThanOrEqual(48);
  await page.getByRole("button", { name: "Submit Application" }).scrollIntoViewIfNeeded();
  await expect(benefits).toBeInViewport();

  // The code is remembered: a later visit without ?ref still fills it.
  await page.goto("/apply");
  await expect(page.getByLabel("Partner code (optional)")).toHaveValue("SOFIA15");

  await page.getByRole("button", { name: "Submit Application" }).click();
  for (const message of [
    "Please select a membership tier",
    "First name must be at least 2 characters",
    "Last name must be at least 2 characters",
    "Please enter a valid email address",
    "Please enter a valid phone number",
    "Please tell us how you heard about us",
    "Please share why you'd like to join (minimum 20 characters)",
    "You must agree to the terms and conditions",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  // She picks a tier by its card, the radio's label (the radio itself is visually hidden).
  const create = page.getByRole("radio", { name: /^Create/ });
  await page.locator("label", { has: create }).click();
  await expect(create).toBeChecked();
  await fillApplication(page, email);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page)).toContainText("Application Submitted!");
  await expect(toast(page)).toContainText("We've received your application and will be in touch soon.");
  await expect(page).toHaveURL(/\/application-received$/);
  await expectAccessible(page, "application received");
  await openPaymentLinkFromEmail(page, email);
  await expect(page.getByText("Applicant: Maya Angelou")).toBeVisible();
  await expect(page.getByText("$50.00")).toBeVisible();
  await expectAccessible(page, "payment");

  await payWithCard(page, "4242 4242 4242 4242");
  await expect(toast(page)).toContainText("Payment Successful");
  await expect(page.getByRole("heading", { name: "Processing Your Payment" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expectAccessible(page, "payment success");

  const [application] = await testDb().select().from(applications).where(eq(applications.email, email));
  expect(application!.partnerCode).toBe("SOFIA15");
  await expect
    .poll(
      async () =>
        (
          await testDb()
            .select()
            .from(paymentTransactions)
            .where(eq(paymentTransactions.applicationId, application!.id))
        )[0]?.status,
    )
    .toBe("authorized");

  // The admin approves: the card is captured and the invitation goes out.
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/applications");
  await page.getByLabel("Search applications").fill(email);
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
  await expect(page.getByText("Pending Review")).toBeVisible();
  await expectAccessible(page, "admin applications");
  await page.getByLabel("Review Notes").fill("A wonderful fit.");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page)).toContainText("Application status has been updated.");
  await page.getByRole("tab", { name: "Approved" }).click();
  await expect(page.getByText("A wonderful fit.")).toBeVisible();
  await expect(page.getByRole("region", { name: /Payment history/ }).getByText("completed")).toBeVisible();

  const invitation = await latestEmailTo(email);
  expect(invitation?.kind).toBe("membership-invitation");
  const link = new URL(linkIn(invitation!.text, "/join/"));

  await page.context().clearCookies();
  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { name: "Welcome, Maya" })).toBeVisible();
  await expectAccessible(page, "join");
  const username = `maya_${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("a-lovely-password");
  await page.getByLabel("Confirm password").fill("a-lovely-password");
  await page.getByRole("button", { name: "Create My Account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Create Member")).toBeVisible();
  // She arrives with a full page load; its toast shows once the page is live.
  await expect(toast(page)).toContainText("Your member account is ready.");
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page.getByRole("cell", { name: "$50.00" })).toBeVisible();
  await expectAccessible(page, "profile");

  await page.context().clearCookies();
  await signInWithForm(page, username, "a-lovely-password");
  await expect(toast(page)).toContainText("Welcome back, Maya!");
  await expect(page.getByRole("button", { name: "Your account: Maya Angelou" })).toBeVisible();

  await page.goto(link.pathname);
  await expect(page.getByText("This invitation has already been used")).toBeVisible();
});

test("a rejected applicant is never charged, and a declined card says why", async ({ page }) => {
  const email = `reject_${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/apply?tier=play");
  await expect(page.getByText("Selected tier:")).toBeVisible();
  await fillApplication(page, email);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await openPaymentLinkFromEmail(page, email);
  await expect(page.getByText("$75.00")).toBeVisible();

  await payWithCard(page, "4000 0000 0000 0002");
  await expect(toast(page)).toContainText("Payment Failed");
  await expect(toast(page)).toContainText("Your card was declined.");
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  const [application] = await testDb().select().from(applications).where(eq(applications.email, email));
  const payments = () =>
    testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, application!.id));
  await expect.poll(async () => (await payments())[0]?.status).toBe("authorized");

  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto(`/admin/applications/${application!.id}`);
  await expectAccessible(page, "application detail");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(toast(page)).toContainText("Application status has been updated.");
  await expect(page.getByText("No review notes provided")).toBeVisible();

  const [payment] = await payments();
  expect(payment!.status).toBe("canceled");
  expect((await fakeIntents()).find((i) => i.id === payment!.stripePaymentIntentId)?.status).toBe("canceled");
  expect((await latestEmailTo(email))?.kind).toBe("application-declined");
});

test("a free trial application, from the membership page, shows no tier picker and goes to the trial confirmation", async ({
  page,
}) => {
  await page.goto("/membership");
  await page.getByRole("link", { name: "Start Your Free Trial" }).click();
  await expect(page).toHaveURL(/\/apply\?trial=true$/);
  await expect(page.getByRole("heading", { name: "Start Your Free Trial" })).toBeVisible();
  // The picker is shown only when no tier is preselected and not in trial mode.
  await expect(page.getByRole("group", { name: "Membership tier" })).toHaveCount(0);
  await expect(page.getByLabel("Membership tier", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Free trial of the Connect membership for 30 days.")).toBeVisible();
  const email = `trial_${randomUUID().slice(0, 8)}@example.com`;
  await fillApplication(page, email);
  await page.getByRole("button", { name: "Start Your Free Trial" }).click();
  await expect(page).toHaveURL(/\/trial-confirmation$/);
  await expectAccessible(page, "trial confirmation");
  const [application] = await testDb().select().from(applications).where(eq(applications.email, email));
  expect(application).toMatchObject({ isTrial: true, membershipTier: "connect" });
});

test("the payment page without her link, and admins' payment screens", async ({ page }) => {
  // An application's id opens nothing: only the emailed link does.
  const [pending] = await testDb().select().from(applications).where(eq(applications.status, "pending")).limit(1);
  await page.goto(`/payment?tier=create&amount=5000&applicationId=${pending!.id}`);
  await expect(page.getByText("Missing required parameters")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
  await expect(page.getByText("Applicant:")).toHaveCount(0);
  await expectAccessible(page, "payment without parameters");
  await page.goto(`/payment/${randomUUID().replace(/-/g, "")}${randomUUID().replace(/-/g, "")}`);
  await expect(page.getByRole("heading", { name: "This payment link does not work" })).toBeVisible();
  await expectAccessible(page, "payment with an unknown link");

  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/payment-transactions");
  await expect(page.getByText("Total Revenue")).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ transactions/)).toBeVisible();
  await expectAccessible(page, "payment transactions");
  await page.getByLabel("Search", { exact: true }).fill("no-such-thing");
  await expect(page.getByText("No transactions found matching your search criteria.")).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill("");
  await page.getByLabel("Status").selectOption("pending");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^payment-transactions-.*\.csv$/);

  await page
    .getByRole("link", { name: /View transaction/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Transaction Actions" })).toBeVisible();
  await expectAccessible(page, "transaction detail");
  await page.goto("/admin/payment-transactions/999999");
  await expect(page.getByRole("heading", { name: "Transaction Not Found" })).toBeVisible();
  await page.goto("/join/not-a-real-invitation-token-0000");
  await expect(page.getByText("This invitation link is not valid.")).toBeVisible();
});
