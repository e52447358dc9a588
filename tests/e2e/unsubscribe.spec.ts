import { emailSuppressions, notifications } from "@/db/schema";
import { createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { runJobNow } from "../support/run-job";
import { expect, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";
import { expectFocusOn } from "./focus";

// The one unsubscribe page (docs/decisions/044-one-unsubscribe.md), reached from the link in a real
// notification email, and the notice on her settings when her address refuses mail.

test("from the link in her email she stops one kind, and her settings tell her that her address refuses mail", async ({
  page,
}) => {
  const her = await createTestUser({ membershipLevel: "create" });
  await testDb()
    .insert(notifications)
    .values({
      userId: her.id,
      kind: "announcement",
      title: "The spring retreat is open for booking",
      url: "/events",
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
  // The minutely notification email job, now.
  await runJobNow("notifications.email");
  await expect.poll(async () => (await latestEmailTo(her.email))?.kind).toBe("notification-announcement");
  const link = linkIn((await latestEmailTo(her.email))!.text, "/unsubscribe/");

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe");
  await expect(page.getByText(`Stop sending emails about announcements to ${her.email}?`)).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the unsubscribe page");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  const done = page.locator("#main").getByRole("status");
  await expect(done).toHaveText("You have been unsubscribed. You will receive no more emails about announcements.");
  await expectFocusOn(page, done, "unsubscribing");

  // Her mail server refused a later email; she signs in and opens her settings from the page's link.
  await testDb()
    .insert(emailSuppressions)
    .values({ address: her.email, reason: "550 5.1.1 Recipient address rejected: User unknown" });
  await signInAs(page, her.username, TEST_PASSWORD);
  await page.goto(new URL(link).pathname);
  await page.getByRole("link", { name: "notification settings" }).click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  await expect(page.getByRole("heading", { name: "Your email address is refusing our mail" })).toBeVisible();
  await expect(page.getByText("550 5.1.1 Recipient address rejected: User unknown")).toBeVisible();
  await expect(page.getByLabel("Announcements", { exact: true })).toHaveValue("app");
  await expectAccessibleAtBothWidths(page, "notification settings with the refusal notice");
});

test("an administrator finds an address refusing mail on the outbox page and lifts its suppression", async ({
  page,
}) => {
  const her = await createTestUser();
  await testDb().insert(emailSuppressions).values({ address: her.email, reason: "552 5.2.2 Mailbox full" });
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page
    .getByRole("link", { name: /Email Outbox/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Email Outbox" })).toBeVisible();
  const refusing = page.getByRole("table", { name: "Addresses refusing mail, latest refusal first" });
  const row = refusing.getByRole("row").filter({ hasText: her.email });
  await expect(row).toContainText("552 5.2.2 Mailbox full");
  await expectAccessibleAtBothWidths(page, "the outbox with an address refusing mail");

  await row.getByRole("button", { name: `Lift suppression for ${her.email}` }).click();
  await expect(row).toHaveCount(0);
  await expectFocusOn(page, page.getByRole("heading", { level: 2, name: "Addresses refusing mail" }), "lifting");
  await page.reload();
  await expect(refusing.getByRole("row").filter({ hasText: her.email })).toHaveCount(0);
});
