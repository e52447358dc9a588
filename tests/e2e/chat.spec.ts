import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { assistantPassages, chatMessages, events } from "@/db/schema";
import { DATE_FORMAT } from "@/lib/format";
import { formatInZone } from "@/server/events/time";
import { FAKE_LLM_HANG } from "../fakes/llm";
import { createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { randomIp } from "../support/http";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

// The server answers through the fake OpenAI-compatible endpoint (tests/fakes/llm.ts), which quotes
// the best passage it was given; each test asks from its own address so rate limits never meet.
const ownAddress = (page: Page) => page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });

const input = (page: Page) => page.getByLabel("Your message");
const messages = (page: Page) => page.getByRole("log", { name: "Messages" });

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press("Enter");
}

test.describe("AI chat", () => {
  test("a visitor asks the price of a tier and gets it with a link to /membership", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/chat");
    await expect(messages(page)).toContainText("I am the community's assistant");
    await expect(page.getByText("not a substitute for human support")).toBeVisible();
    await ask(page, "How much does the Create tier cost?");
    await expect(messages(page).getByText("How much does the Create tier cost?")).toBeVisible();
    await expect(messages(page)).toContainText("$50.00");
    await expect(
      messages(page)
        .getByRole("link", { name: /membership/i })
        .first(),
    ).toHaveAttribute("href", "/membership");
    await expect(input(page)).toBeEnabled();
    await expect(input(page)).toBeFocused();
    await expectAccessible(page, "/chat with an answer");
  });

  test("Enter sends, Shift+Enter adds a line, blank is not sent, and the input waits with a spinner", async ({
    page,
  }) => {
    await ownAddress(page);
    await page.goto("/chat");
    await input(page).fill("   ");
    await input(page).press("Enter");
    await expect(messages(page).getByRole("listitem")).toHaveCount(1);

    await input(page).fill("Is there a free trial?");
    await input(page).press("Shift+Enter");
    await input(page).pressSequentially(FAKE_LLM_HANG);
    await expect(input(page)).toHaveValue(`Is there a free trial?\n${FAKE_LLM_HANG}`);
    await expect(messages(page).getByRole("listitem")).toHaveCount(1);

    // The fake model never answers this one: the input stays read-only (and focused) until the timeout's fallback.
    await input(page).press("Enter");
    await expect(messages(page).getByText(`Is there a free trial? ${FAKE_LLM_HANG}`)).toBeVisible();
    await expect(input(page)).not.toBeEditable();
    await expect(input(page)).toBeFocused();
    await expect(page.getByTestId("chat-spinner")).toBeVisible();
    await expect(messages(page)).toContainText("You can apply for a 30-day free trial", { timeout: 15_000 });
    await expect(input(page)).toBeEditable();
    await expect(page.getByTestId("chat-spinner")).toHaveCount(0);
  });

  test("a member asks about an upcoming event and gets its date and link", async ({ page }) => {
    const [event] = await testDb()
      .select({ id: events.id, title: events.title, startsAt: events.startsAt, timezone: events.timezone })
      .from(events)
      // A demo event the assistant has indexed (tests elsewhere insert events straight into the table).
      .innerJoin(
        assistantPassages,
        and(eq(assistantPassages.sourceKind, "event"), eq(assistantPassages.sourceId, sql`${events.id}::text`)),
      )
      .where(and(eq(events.status, "scheduled"), gt(events.startsAt, new Date()), eq(events.source, "internal")))
      .orderBy(asc(events.startsAt))
      .limit(1);
    const member = await createTestUser();
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/chat");
    await ask(page, `When is the ${event!.title}?`);
    await expect(messages(page)).toContainText(formatInZone(event!.startsAt, event!.timezone, DATE_FORMAT));
    await expect(messages(page).locator(`a[href="/events/${event!.id}"]`).first()).toBeVisible();
  });

  test("a member finds her conversation again and deletes it", async ({ page }) => {
    const member = await createTestUser();
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/chat");
    await ask(page, "How long does approval take?");
    await expect(messages(page)).toContainText("5 business days");
    // The answer is hers to find again once it is done (the log no longer busy): the exchange is stored
    // after its last words are sent, so a reload between the two would find the conversation empty.
    await expect(messages(page)).toHaveAttribute("aria-busy", "false");
    await page.reload();
    await expect(messages(page).getByText("How long does approval take?", { exact: true })).toBeVisible();
    await expect(messages(page)).toContainText("5 business days");

    await page.getByRole("button", { name: "Delete conversation" }).click();
    await expect(toast(page)).toContainText("Conversation deleted");
    await expect(messages(page).getByRole("listitem")).toHaveCount(1);
    await page.reload();
    await expect(messages(page)).toContainText("I am the community's assistant");
    await expect(messages(page).getByText("How long does approval take?", { exact: true })).toHaveCount(0);
  });

  test("a long conversation stays inside the panel: nothing of it reaches below the footer", async ({ page }) => {
    const member = await createTestUser();
    await testDb()
      .insert(chatMessages)
      .values(
        Array.from({ length: 24 }, (_, i) => [
          { userId: member.id, role: "user", message: `Question number ${i + 1} about the events?` },
          {
            userId: member.id,
            role: "assistant",
            message: `Answer number ${i + 1}: workshops, socials and retreats.`,
            sources: [{ title: "FAQ", url: "/faq" }],
          },
        ]).flat(),
      );
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AI Chat" }).click();
    await expect(messages(page).getByText("Answer number 24: workshops, socials and retreats.")).toBeVisible();
    const below = await page.evaluate(() => {
      const footer = document.querySelector("footer")!.getBoundingClientRect();
      return document.documentElement.scrollHeight - (footer.bottom + window.scrollY);
    });
    expect(below).toBeLessThanOrEqual(1);
    await expectAccessible(page, "/chat with a long conversation");
  });

  test("a refused message shows the error toast and is not answered", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/chat");
    // Use up this address's allowance through the API, as a script would.
    for (let i = 0; i < 20; i++)
      await page.request.post("/api/chatbot/message", {
        data: { message: "xylophonic quasar", chatHistory: [] },
        headers: { origin: process.env.TEST_BASE_URL! },
      });
    await ask(page, "Can men join?");
    await expect(toast(page)).toContainText("Error");
    await expect(toast(page)).toContainText(/Please wait \d+ seconds/);
    await expect(input(page)).toBeEnabled();
  });

  test.describe("at 320 px wide", () => {
    test.use({ viewport: { width: 320, height: 640 } });
    test("the panel fits and passes axe with an answer", async ({ page }) => {
      await ownAddress(page);
      await page.goto("/chat");
      await ask(page, "What kinds of events do you hold?");
      await expect(messages(page)).toContainText("Workshops");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      await expectAccessible(page, "/chat at 320 px");
    });
  });
});
