import "server-only";

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { payAction, paymentParagraph } from "./emails";
export { captureHeldPayment, releaseHeldPayment } from "./intents";
export { lockApplication, lockCardPayments, lockMembership } from "./locks";
export type { Membership } from "./locks";
export { readStripe, readStripeList } from "./objects";
export type { InvoiceObject, SubscriptionObject } from "./objects";
export { awaitsPayment, issuePaymentLink } from "./payment-links";
export { listTiers, tierCharge } from "./pricing";
export { refundPayment } from "./refunds";
export { stripeAttempt } from "./requests";
export { MEMBERSHIP_STATUS_OF_SUBSCRIPTION } from "./statuses";
export { isRefundable } from "./transactions";
