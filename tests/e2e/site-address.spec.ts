import { MEMBERS_HOME } from "@/lib/auth/access";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, test, toast } from "./fixtures";

// The site has one address, APP_URL (the test server's is http://127.0.0.1:PORT). Opened at a second
// one (here http://localhost:PORT, as the launcher's http://localhost:3000 was opened at 127.0.0.1),
// every page rendered and every sign-in and form was then refused as cross-site. A page asked for at
// another address is sent to the same path at APP_URL (docs/decisions/025).
test("opened at a second address, she is sent to the site's own and signs in", async ({ page }) => {
  const site = new URL(process.env.TEST_BASE_URL!);
  const second = `http://localhost:${site.port}`;
  const member = await createTestUser({ firstName: "Winnie" });
  await page.goto(`${second}/membership?tier=create`);
  await expect(page).toHaveURL(`${site.origin}/membership?tier=create`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(`${site.origin}/login`);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText("Welcome back, Winnie!");
  await expect(page).toHaveURL(`${site.origin}${MEMBERS_HOME}`);
});
