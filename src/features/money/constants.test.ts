import { readFileSync } from "node:fs";
import path from "node:path";
import { HANDLED_STRIPE_EVENTS } from "./constants";

// docs/deployment.md tells an operator which events to forward with `stripe listen`: exactly the ones handled.
it("the test-mode walk-through forwards exactly the events the webhook handles", () => {
  const doc = readFileSync(path.join(process.cwd(), "docs/deployment.md"), "utf8");
  const events = /--events ([a-z_.,]+)/.exec(doc)?.[1]?.split(",");
  expect(events?.sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort());
});
