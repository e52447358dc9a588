import { randomUUID } from "node:crypto";
import { isNull } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { contentItems, conversations, messageReports, messages, notifications } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";
import { expectFocusOn, sendFromKeyboard } from "./focus";

// After every action that sends something, focus stays somewhere sensible (WCAG 2.4.3): the button she
// pressed keeps it while the action works (aria-disabled, one request however often she presses), and
// what happened is said; where the action takes the button away, focus goes to the next row or the
// heading (docs/decisions/037-focus-after-an-action.md). Each test walks one signed-in page through the
// buttons of several screens, reached as she reaches them: from the header and the links on the pages.

const tag = () => randomUUID().slice(0, 8);

/** A conversation between two members, `from` having written `body` to `to`. */
async function conversationBetween(from: { id: number }, to: { id: number }, body: string) {
  const [low, high] = from.id < to.id ? [from.id, to.id] : [to.id, from.id];
  const [conversation] = await testDb()
    .insert(conversations)
    .values({ lowUserId: low, highUserId: high })
    .returning({ id: conversations.id });
  const [message] = await testDb()
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: from.id, body })
    .returning({ id: messages.id });
  return { conversationId: conversation!.id, messageId: message!.id };
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const bell = (page: Page) => page.getByTestId("notification-bell");

test("a member's sending buttons keep her focus while they work, send once, and say what happened", async ({
  page,
}) => {
  test.slow(); // several member pages in one walk, each loading its part in the browser
  const t = tag();
  const her = await createTestUser({ membershipLevel: "create", firstName: "Noor", lastName: `Haddad ${t}` });
  const amara = await createTestUser({ membershipLevel: "create", firstName: "Amara", lastName: `Okafor ${t}` });
  await conversationBetween(amara, her, "Shall we swap zines at the next circle?");
  const [item] = await testDb()
    .insert(contentItems)
    .values({
      title: `Studio rituals ${t}`,
      slug: `studio-rituals-${t}`,
      summary: "Small habits for a working day.",
      contentType: "article",
      content: "<p>Begin with tea.</p>",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  await testDb()
    .insert(notifications)
    .values({ userId: her.id, kind: "announcement", title: `The spring retreat is open ${t}`, url: "/events" });
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "accepted"));
  page.on("dialog", (dialog) => void dialog.accept());
  await signInAs(page, her.username, TEST_PASSWORD);
  await page.goto("/forum");

  // The library: Save (the bookmark toggle), Post Comment, and Delete on her comment.
  await mainNav(page).getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(/\/library$/);
  await page.getByLabel("Search", { exact: true }).fill(t);
  // The search goes into the address (debounced): a click before that lands would be replaced by it.
  await expect(page).toHaveURL(new RegExp(`search=${t}`));
  await page
    .getByTestId("library-card")
    .filter({ hasText: item!.title })
    .getByRole("link", { name: /Read More/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: item!.title })).toBeVisible();
  await sendFromKeyboard(page, page.getByRole("button", { name: "Save", exact: true }), {
    method: "POST",
    url: /\/api\/content\/bookmarks$/,
    pendingLabel: "Saving...",
  });
  await expect(toast(page).filter({ hasText: "Content saved to your bookmarks" })).toBeVisible();
  await expectFocusOn(page, page.getByRole("button", { name: "Saved" }), "Save");

  await page.getByLabel("Add a comment").fill("Tea first, then the blank page.");
  await sendFromKeyboard(page, page.getByRole("button", { name: "Post Comment" }), {
    method: "POST",
    url: /\/api\/content\/comments$/,
    pendingLabel: "Posting...",
  });
  await expect(page.getByTestId("library-comment")).toContainText("Tea first, then the blank page.");
  await expectFocusOn(page, page.getByLabel("Add a comment"), "Post Comment");
  await expect(page.getByLabel("Add a comment")).toHaveValue("");
  await expectAccessibleAtBothWidths(page, "a library item after Save and Post Comment");

  await page.getByRole("button", { name: /Delete comment by Noor/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("library-comment")).toHaveCount(0);
  await expectFocusOn(page, page.getByText("No comments yet."), "deleting her only comment");

  // The bell: Mark all read on /notifications, then Save choices on the settings.
  await bell(page).click();
  await page.getByRole("link", { name: "See all notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await sendFromKeyboard(page, page.getByRole("button", { name: "Mark all read" }), {
    method: "POST",
    url: /\/api\/notifications\/read$/,
    pendingLabel: "Marking...",
  });
  await expect(page.getByText("You are all caught up.")).toBeVisible();
  // Nothing is left to mark: the button says so (aria-disabled) and keeps her focus.
  const markAllRead = page.getByRole("button", { name: "Mark all read" });
  await expectFocusOn(page, markAllRead, "Mark all read");
  await expect(markAllRead).toHaveAttribute("aria-disabled", "true");

  await bell(page).click();
  await page.getByRole("region", { name: "Latest notifications" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
  await page.getByLabel("Announcements", { exact: true }).selectOption({ index: 1 });
  await sendFromKeyboard(page, page.getByRole("button", { name: "Save choices" }), {
    method: "PUT",
    url: /\/api\/notifications\/preferences$/,
    pendingLabel: "Saving...",
  });
  await expect(toast(page).filter({ hasText: "Settings saved" })).toBeVisible();
  await expectFocusOn(page, page.getByRole("button", { name: "Save choices" }), "Save choices");

  // A direct message, from the directory's Message link to their conversation.
  await mainNav(page).getByRole("link", { name: "Members" }).click();
  await page.getByLabel("Search members").fill(amara.lastName);
  await page
    .getByRole("listitem")
    .filter({ hasText: `Amara ${amara.lastName}` })
    .getByRole("link", { name: `Message Amara ${amara.lastName}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Amara ${amara.lastName}` })).toBeVisible();
  const composer = page.getByLabel(`Message to Amara ${amara.lastName}`);
  await composer.fill("Yes! I will bring my riso prints.");
  await sendFromKeyboard(page, page.getByRole("button", { name: "Send", exact: true }), {
    method: "POST",
    url: /\/api\/messages$/,
    pendingLabel: "Sending...",
  });
  await expect(page.getByRole("list", { name: "Messages" }).getByText("I will bring my riso prints.")).toBeVisible();
  await expect(page.getByTestId("live-region")).toHaveText("Message sent");
  await expectFocusOn(page, composer, "Send");
  await expect(composer).toHaveValue("");
  // The first message opened the conversation's own address: axe looks once its page has arrived (CI: it
  // once looked while the new page's title was still on its way).
  await expect(page).toHaveTitle(/^Conversation/);
  await expectAccessibleAtBothWidths(page, "a conversation after Send");
});

test("Dismiss on reported messages moves focus to the next report, then to the heading, and says what happened", async ({
  page,
}) => {
  // No other test opens or decides message reports: the open ones are closed so that this list is the test's own.
  await testDb().update(messageReports).set({ resolvedAt: new Date() }).where(isNull(messageReports.resolvedAt));
  const t = tag();
  const sender = await createTestUser({ firstName: "Vera", lastName: `Stone ${t}` });
  const reporters = [
    await createTestUser({ firstName: "Ines", lastName: `Ward ${t}` }),
    await createTestUser({ firstName: "Lale", lastName: `Dune ${t}` }),
  ];
  for (const reporter of reporters) {
    const { messageId } = await conversationBetween(sender, reporter, `Buy my course now ${t}`);
    await testDb().insert(messageReports).values({ messageId, reporterId: reporter.id, reason: "Spam in my inbox" });
  }
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByRole("link", { name: "Reported Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reported messages" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/admin/message-reports");

  // Newest first: Lale's report, then Ines's.
  const report = (reporter: { lastName: string }, first: string) =>
    page.getByRole("article", { name: `Report by ${first} ${reporter.lastName}` });
  await sendFromKeyboard(page, report(reporters[1]!, "Lale").getByRole("button", { name: "Dismiss" }), {
    method: "PATCH",
    url: /\/api\/admin\/message-reports\/\d+$/,
    pendingLabel: "Dismissing...",
  });
  await expect(toast(page).filter({ hasText: "Report dismissed" })).toBeVisible();
  await expect(report(reporters[1]!, "Lale")).toHaveCount(0);
  await expectFocusOn(page, report(reporters[0]!, "Ines"), "Dismiss, with a report left");
  await expect(page.getByTestId("live-region")).toHaveText("Report dismissed");

  await report(reporters[0]!, "Ines").getByRole("button", { name: "Dismiss" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("No open reports.")).toBeVisible();
  await expectFocusOn(page, page.getByRole("heading", { level: 1, name: "Reported messages" }), "the last Dismiss");
  await expectAccessibleAtBothWidths(page, "/admin/message-reports when empty");
});
