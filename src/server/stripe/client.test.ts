import type { AppError } from "@/lib/errors";

// The embedded default: no STRIPE_SECRET_KEY. Every payment call goes through stripe(), which must
// answer 503 with the exact message (apiRoute turns it into { "error": "Payments are not configured" }).
describe("payments without STRIPE_SECRET_KEY", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function load(stripeKey: string | undefined) {
    process.env = {
      ...saved,
      DATABASE_URL: "postgres://unused@127.0.0.1/none",
      AUTH_SECRET: "x".repeat(32),
      STRIPE_SECRET_KEY: stripeKey,
      STRIPE_API_BASE_URL: "",
    };
    if (stripeKey === undefined) delete process.env.STRIPE_SECRET_KEY;
    jest.resetModules();
    return import("./client");
  }

  it.each([
    ["absent", undefined],
    ["blank", "  "],
  ])("answers 503 'Payments are not configured' when the key is %s", async (_label, key) => {
    const { stripe, paymentsConfigured, PAYMENTS_NOT_CONFIGURED } = await load(key);
    expect(PAYMENTS_NOT_CONFIGURED).toBe("Payments are not configured");
    expect(paymentsConfigured()).toBe(false);
    let thrown: unknown;
    try {
      stripe();
    } catch (error) {
      thrown = error;
    }
    // Modules were reset, so compare by shape rather than by class identity.
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as AppError).status).toBe(503);
    expect((thrown as AppError).message).toBe("Payments are not configured");
  });

  it("gives a client once the key is set", async () => {
    const { stripe, paymentsConfigured } = await load("sk_test_unit");
    expect(paymentsConfigured()).toBe(true);
    expect(stripe().paymentIntents).toBeDefined();
  });
});
