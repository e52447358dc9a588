import { readStripe, StripeShapeError } from "./objects";

// Stripe objects are parsed where they enter the app; a different shape names the object and field.
describe("readStripe", () => {
  const subscription = {
    id: "sub_1",
    object: "subscription",
    status: "active",
    customer: { id: "cus_1", object: "customer" },
    cancel_at_period_end: false,
    trial_end: null,
    metadata: null,
    latest_invoice: null,
    items: {
      data: [
        {
          id: "si_1",
          price: { id: "price_1" },
          current_period_start: 1_700_000_000,
          current_period_end: 1_702_592_000,
        },
      ],
    },
  };
  const quiet = () => jest.spyOn(console, "error").mockImplementation(() => undefined);

  it("keeps the fields we read, expanded references as their ids, and missing metadata as empty", () => {
    expect(readStripe("subscription", subscription)).toMatchObject({
      id: "sub_1",
      customer: "cus_1",
      metadata: {},
      items: { data: [{ current_period_end: 1_702_592_000 }] },
    });
  });

  it.each([
    [
      "a period on the subscription instead of its items (before 2025-03-31)",
      "items.data.0.current_period_start",
      "is missing",
    ],
    ["a period that is not a number", "items.data.0.current_period_end", "is not as expected"],
  ])("names the object and the field for %s", (_case, field, detail) => {
    const spy = quiet();
    const item = { ...subscription.items.data[0]! } as Record<string, unknown>;
    if (field.endsWith("start")) delete item.current_period_start;
    else item.current_period_end = "soon";
    let thrown: unknown;
    try {
      readStripe("subscription", { ...subscription, items: { data: [item] } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StripeShapeError);
    expect((thrown as StripeShapeError).status).toBe(502);
    expect((thrown as StripeShapeError).message).toMatch(
      new RegExp(`^Stripe sent a subscription sub_1 this app cannot read: ${field.replace(/\./g, "\\.")} ${detail}`),
    );
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("refuses an invoice that names its subscription the pre-basil way", () => {
    const spy = quiet();
    const old = {
      id: "in_1",
      currency: "usd",
      created: 1,
      amount_due: 0,
      amount_paid: 0,
      attempt_count: 0,
      next_payment_attempt: null,
      billing_reason: null,
      subscription: "sub_1",
      lines: { data: [] },
    };
    expect(() => readStripe("invoice", old)).toThrow(
      "Stripe sent an invoice in_1 this app cannot read: parent is missing.",
    );
    spy.mockRestore();
  });
});
