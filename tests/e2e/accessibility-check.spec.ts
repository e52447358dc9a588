// The accessibility check every browser test leans on (fixtures.ts expectAccessible) must fail on a
// violation, in the page and in a frame inside it, or every passing look would mean nothing.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1>${body}</main></body></html>`;

test("the accessibility check fails on a violation in the page and in a frame, and passes a clean page", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const clean = await context.newPage();
  await clean.setContent(page("<p>Nothing wrong here.</p>"));
  await expectAccessible(clean, "a clean page");

  const unlabelledImage = await context.newPage();
  await unlabelledImage.setContent(page(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`));
  await expect(expectAccessible(unlabelledImage, "an image without alt")).rejects.toThrow(/image-alt/);

  const framed = await context.newPage();
  await framed.setContent(page(`<iframe title="A frame" srcdoc='${page("<button></button>")}'></iframe>`));
  await expect(framed.frames()).toHaveLength(2);
  await framed.frames()[1]!.waitForLoadState();
  await expect(expectAccessible(framed, "a button without a name in a frame")).rejects.toThrow(/button-name/);
  await context.close();
});
