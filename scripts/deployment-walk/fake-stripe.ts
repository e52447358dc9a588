// tsx scripts/deployment-walk/fake-stripe.ts - the tests' Stripe stand-in (tests/fakes/stripe.ts, Stripe's
// wire format on 127.0.0.1) for the walk's section 8: prints the settings that point the app at it,
// then serves until SIGTERM. The walk cannot reach Stripe.
import { startFakeStripe } from "../../tests/fakes/stripe";

startFakeStripe().then((stripe) => {
  for (const [name, value] of Object.entries(stripe.env)) console.log(`${name}=${value}`);
  process.on("SIGTERM", () => void stripe.stop().then(() => process.exit(0)));
});
