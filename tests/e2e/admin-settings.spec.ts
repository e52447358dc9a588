import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

test("an admin edits the site settings and the public pages show them", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page.getByRole("link", { name: /Site Settings/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
  await expectAccessible(page);

  const phone = page.getByLabel("Contact phone");
  const original = await phone.inputValue();
  const originalInstagram = await page.getByLabel("Instagram profile").inputValue();
  await page.getByLabel("Instagram profile").fill("instagram.com/us");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    page.getByText("Please enter a full web address starting with https://, or leave it empty"),
  ).toBeVisible();
  await expectAccessible(page, "settings with an error");

  const newPhone = `+1 555 0${Date.now() % 1_000_000}`;
  await page.getByLabel("Instagram profile").fill("https://www.instagram.com/our.community/");
  await phone.fill(newPhone);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toContainText("Settings Saved");
  try {
    await page.goto("/contact");
    await expect(page.getByRole("main").getByRole("link", { name: newPhone })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /Instagram/ })).toHaveAttribute(
      "href",
      "https://www.instagram.com/our.community/",
    );
  } finally {
    const response = await page.request.put("/api/admin/settings", {
      data: { contactPhone: original, instagramUrl: originalInstagram },
      headers: { origin: process.env.TEST_BASE_URL! },
    });
    expect(response.status()).toBe(200);
  }
});

test("an admin reads contact messages", async ({ page }) => {
  const subject = `Browser question ${Date.now()}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Lena Visitor");
  await page.getByLabel("Email").fill("lena@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Is there a waiting list for the mentorship circle?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page)).toContainText("Message sent");

  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/messages");
  const message = page.getByRole("article", { name: subject });
  await expect(message).toContainText("Is there a waiting list for the mentorship circle?");
  await expect(message.getByRole("link", { name: "lena@example.com" })).toHaveAttribute(
    "href",
    /^mailto:lena@example\.com\?subject=Re/,
  );
  await expectAccessible(page);
});
