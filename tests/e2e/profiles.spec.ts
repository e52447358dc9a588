import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { applications, paymentTransactions, referralCommissions } from "@/db/schema";
import { FAKE_STRIPE_WEBHOOK_SECRET, paymentIntentObject, signWebhookPayload, stripeEvent } from "../fakes/stripe";
import { chargedIntent, refundInStripe } from "../support/billing";
import { createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

// Profiles, the member directory, the affiliate programme and mentorship, in the browser.

const origin = { origin: process.env.TEST_BASE_URL! };

async function signedInPage(
  browser: Browser,
  username: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.TEST_BASE_URL, viewport });
  const page = await context.newPage();
  await signInAs(page, username, TEST_PASSWORD);
  return page;
}

test("a member edits her profile, uploads a picture seen in the navbar and by others, who see only her public fields", async ({
  page,
  browser,
}) => {
  // A journey through several member pages, each loading its part in the browser: more than a minute on a busy machine.
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const her = await createTestUser({ firstName: "Wren", lastName: `Ash${tag}` });
  await signInAs(page, her.username, TEST_PASSWORD);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: `Wren Ash${tag}` })).toBeVisible();
  await expectAccessible(page, "own profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();

  await page.getByLabel("First name").fill("W");
  await page.getByLabel("Last name").fill("A");
  // A picture is uploaded, never linked from another site: there is no field for a link.
  await expect(page.getByLabel(/picture URL/i)).toHaveCount(0);
  await expect(page.getByLabel("Mentor topics")).toBeHidden();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
  await expectAccessible(page, "edit profile with errors");

  await page.getByLabel("First name").fill("Wren");
  await page.getByLabel("Last name").fill(`Ash${tag}`);
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  await page.getByLabel("Upload a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("picture-preview")).toHaveAttribute("src", /^\/api\/files\//);
  const pictureUrl = (await page.getByTestId("picture-preview").getAttribute("src"))!;
  await page.getByLabel("Bio", { exact: true }).fill("Secret bio of a private person.");
  await page.getByLabel("Show my bio to members").click();
  await page.getByLabel("Location", { exact: true }).fill(`Lisbon${tag}`);
  await page.getByLabel("Occupation", { exact: true }).fill("Ceramicist");
  await page.getByLabel("Interests").fill(`Raku${tag}, Kilns`);
  await page.getByLabel("Offer Mentorship").click();
  await page.getByLabel("Mentor topics").fill("Glazes, Studio pricing");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page).filter({ hasText: "Profile Updated" })).toContainText(
    "Your profile changes have been saved successfully.",
  );
  await expect(page.getByText("Ceramicist")).toBeVisible();
  await expect(page.getByTestId("navbar-avatar").locator("img")).toHaveAttribute("src", pictureUrl);

  const other = await signedInPage(browser, (await createTestUser()).username);
  await other.goto(`/profile/${her.id}`);
  await expect(other.getByRole("img", { name: `Wren Ash${tag}` })).toHaveAttribute("src", pictureUrl);
  await expect(other.getByText(`Lisbon${tag}`)).toBeVisible();
  await expect(other.getByText("Secret bio")).toHaveCount(0);
  await expect(other.getByText(her.email)).toHaveCount(0);
  await expect(other.getByRole("tab", { name: "Payments" })).toHaveCount(0);
  await expect(other.getByRole("tab", { name: "Affiliate" })).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  await other.getByRole("tab", { name: "Mentorship" }).click();
  await expect(other.getByText("Studio pricing")).toBeVisible();
  await expectAccessible(other, "another member's profile");

  // The directory finds her by an interest, at 320 px.
  const phone = await signedInPage(browser, (await createTestUser()).username, { width: 320, height: 640 });
  await phone.goto("/members");
  await phone.getByLabel("Search members").fill(`raku${tag}`);
  await expect(phone.getByRole("link", { name: `Wren Ash${tag}`, exact: true })).toBeVisible();
  await expect(phone.getByRole("status")).toHaveText("1 member");
  await expectAccessible(phone, "directory at 320 px");
  await phone.getByRole("link", { name: `Wren Ash${tag}`, exact: true }).click();
  await expect(phone).toHaveURL(new RegExp(`/profile/${her.id}$`));
  await expectAccessible(phone, "profile at 320 px");
});

test("a mentorship request reaches the mentor's email and her profile, and she accepts it", async ({
  page,
  browser,
}) => {
  const mentor = await createTestUser({ firstName: "Iris", isMentor: true, mentorTopics: ["Bookbinding"] });
  const mentee = await createTestUser({ firstName: "Juno" });
  await signInAs(page, mentee.username, TEST_PASSWORD);
  await page.goto(`/profile/${mentor.id}?tab=mentorship`);
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Please write a message")).toBeVisible();
  await page.getByLabel("Ask Iris for mentorship").fill("Could we talk about coptic stitch bindings?");
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(toast(page).filter({ hasText: "Request Sent" })).toContainText(
    `Your mentorship request has been sent to Iris ${mentor.lastName}.`,
  );
  // While it is open the form is gone, and says so now and when she comes back.
  const open = page.getByTestId("mentorship-request-open");
  await expect(open).toContainText("You asked Iris for mentorship on");
  await expect(open).toBeFocused();
  await expect(page.getByRole("button", { name: "Send Request" })).toHaveCount(0);
  await expectAccessible(page, "mentorship tab after a request");
  expect((await latestEmailTo(mentor.email))!.text).toContain("coptic stitch");
  await page.reload();
  await expect(page.getByTestId("mentorship-request-open")).toBeVisible();
  await expect(page.getByLabel("Ask Iris for mentorship")).toHaveCount(0);

  const hers = await signedInPage(browser, mentor.username, { width: 320, height: 640 });
  await hers.goto("/profile?tab=mentorship");
  await expect(hers.getByText("Could we talk about coptic stitch bindings?")).toBeVisible();
  await expectAccessible(hers, "mentor's requests at 320 px");
  await hers.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(hers.getByText(mentee.email)).toBeVisible();
  expect((await latestEmailTo(mentee.email))!.text).toContain(mentor.email);
  // Answered: she may ask again.
  await page.reload();
  await expect(page.getByLabel("Ask Iris for mentorship")).toBeVisible();
});

const webhook = (page: Page, type: string, object: Record<string, unknown>) => {
  const payload = JSON.stringify(stripeEvent(type, object));
  return page.request.post("/api/stripe/webhook", {
    data: payload,
    headers: {
      "content-type": "application/json",
      "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
    },
  });
};

test("the affiliate journey: registration email, share link, a referred payment, a payout; a refund cancels another", async ({
  page,
  browser,
}) => {
  // A journey through several member pages, each loading its part in the browser: more than a minute on a busy machine.
  test.slow();
  const her = await createTestUser({ firstName: "Nova" });
  await signInAs(page, her.username, TEST_PASSWORD);
  await page.goto("/profile?tab=affiliate");
  // The link goes to her account's address, the only one the call writes to.
  await expect(page.getByLabel("Email")).toHaveValue(her.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await page.getByRole("button", { name: "Send Registration Email" }).click();
  await expect(toast(page).filter({ hasText: "Registration Email Sent" })).toContainText(
    "Check your inbox to complete the affiliate registration process.",
  );
  await expectAccessible(page, "affiliate tab after the request");

  await page.goto(new URL(linkIn((await latestEmailTo(her.email))!.text, "/profile/affiliate/")).pathname);
  await expect(page.getByText("Self-referrals are not eligible.")).toBeVisible();
  await expectAccessible(page, "affiliate terms");
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=affiliate/);
  const shareLink = await page.getByLabel("Share link").inputValue();
  expect(shareLink).toMatch(/\/apply\?ref=NOVA[A-Z0-9]{4}$/);
  const code = shareLink.split("ref=")[1]!;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy share link" }).click();
  await expect(toast(page).filter({ hasText: "Link Copied" })).toBeVisible();
  await page.getByRole("button", { name: "Copy partner code" }).click();
  await expect(toast(page).filter({ hasText: "Code Copied" })).toBeVisible();

  // A visitor opens her link: the visit counts and the code fills the application.
  const visitor = await (await browser.newContext({ baseURL: process.env.TEST_BASE_URL })).newPage();
  await visitor.goto(new URL(shareLink).pathname + new URL(shareLink).search);
  await expect(visitor.getByLabel("Partner code (optional)")).toHaveValue(code);
  const applicant = `ref_${randomUUID().slice(0, 8)}@example.com`;
  const submitted = await visitor.request.post("/api/applications/submit", {
    headers: origin,
    data: {
      firstName: "Tess",
      lastName: "Referred",
      email: applicant,
      phone: "+1 555 010 0199",
      membershipTier: "create",
      heardAbout: "A friend",
      whyJoin: "Nova told me all about this community.",
      partnerCode: code,
      agreeTerms: true,
    },
  });
  expect(submitted.status()).toBe(201);
  const [{ id: applicationId }] = (await testDb()
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.email, applicant))) as [{ id: number }];

  // The administrator takes the payment and approves: the commission follows the payment.
  const admin = await signedInPage(browser, (await createTestUser({ isAdmin: true })).username);
  expect(
    (
      await admin.request.post(`/api/applications/${applicationId}/manual-payment`, {
        data: { notes: "Bank transfer" },
        headers: origin,
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await admin.request.patch(`/api/applications/${applicationId}/status`, {
        data: { status: "approved", reviewNotes: "" },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(page.getByText("Link visits").locator("..")).toContainText("1");
  await expect(page.getByText("Approved members").locator("..")).toContainText("1");
  await expect(page.getByText("Pending commissions").locator("..")).toContainText("1 · $7.50");

  // A second referral paid by card is refunded before payout: its commission is cancelled.
  const [second] = await testDb()
    .insert(applications)
    .values({
      firstName: "Rue",
      lastName: "Refunded",
      email: `rue_${randomUUID().slice(0, 8)}@example.com`,
      phone: "+1 555 0100",
      membershipTier: "create",
      heardAbout: "A friend",
      whyJoin: "Referred by Nova.",
      partnerCode: code,
      agreeTerms: true,
      status: "approved",
      approvedAt: new Date(),
    })
    .returning();
  const intent = await chargedIntent();
  await testDb().insert(paymentTransactions).values({
    applicationId: second!.id,
    amount: 5000,
    membershipTier: "create",
    paymentMethod: "card",
    status: "authorized",
    stripePaymentIntentId: intent,
  });
  expect(
    (
      await webhook(
        admin,
        "payment_intent.succeeded",
        paymentIntentObject({ id: intent, status: "succeeded", amount: 5000, amount_received: 5000 }),
      )
    ).status(),
  ).toBe(200);
  // Refunded in Stripe's Dashboard: Stripe's refund events reach the app, which reads the refunds from Stripe.
  await refundInStripe(intent);
  await expect
    .poll(
      async () =>
        (await testDb().select().from(referralCommissions).where(eq(referralCommissions.applicationId, second!.id)))[0]
          ?.status,
    )
    .toBe("cancelled");

  // Thirty days later the first commission is eligible, and the payout run pays it.
  await testDb()
    .update(referralCommissions)
    .set({ eligibleAt: new Date(Date.now() - 1000) })
    .where(eq(referralCommissions.applicationId, applicationId));
  await admin.goto("/admin/affiliates");
  await expect(admin.getByRole("row", { name: new RegExp(`Nova.*${code}`) })).toBeVisible();
  await admin.getByRole("link", { name: "Cancelled" }).click();
  await expect(admin.getByRole("row", { name: /Rue Refunded.*Cancelled/ })).toBeVisible();
  await admin.getByRole("link", { name: "All" }).click();
  // axe looks once the list she asked for is shown: mid-navigation it can read a link's new class over its old colours.
  await expect(admin.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(admin, "admin affiliates");
  await admin.getByRole("button", { name: /Run Payout/ }).click();
  await expect(toast(admin).filter({ hasText: "Payout complete" })).toBeVisible();
  const [paid] = await testDb()
    .select()
    .from(referralCommissions)
    .where(eq(referralCommissions.applicationId, applicationId));
  expect(paid!.status).toBe("paid");
  const csvLink = admin.getByRole("link", { name: `Download CSV of payout ${paid!.payoutId}` });
  const csv = await admin.request.get((await csvLink.getAttribute("href"))!);
  expect(await csv.text()).toContain(`${paid!.id},${code},Nova`);

  await page.reload();
  await expect(page.getByText("Paid commissions").locator("..")).toContainText("1 · $7.50");
  // Her own statement: each referral with its amount, status and hold date, and the payout that paid her.
  const commissions = page.getByRole("table", { name: "Your commissions, newest first" });
  await expect(commissions.getByRole("row", { name: /Tess R\. \$7\.50 Paid Paid/ })).toBeVisible();
  await expect(
    commissions.getByRole("row", { name: /Rue R\. \$7\.50 Cancelled The referred payment was refunded/ }),
  ).toBeVisible();
  const payouts = page.getByRole("table", { name: "Payouts to you, newest first" });
  await expect(payouts.getByRole("row")).toHaveCount(2);
  await expect(payouts.getByRole("row").nth(1)).toContainText("1$7.50");
  await expectAccessibleAtBothWidths(page, "the affiliate tab with commissions and payouts");
});
