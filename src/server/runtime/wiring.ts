import "server-only";
import { inviteIfReady, withdrawUnpaidInvitation } from "@/server/applications/invitations";
import { registerAfterApplicationPayment } from "@/server/money/after-payment";

/**
 * Hands a lower feature what a higher one does after it, so that neither imports the other upwards
 * (docs/decisions/039-three-floors.md). Run once per process before it serves or works: by
 * src/instrumentation.ts in the app, by the tests and scripts that call these features in process.
 */
export function wireFeatures(): void {
  registerAfterApplicationPayment({ paid: inviteIfReady, failed: withdrawUnpaidInvitation });
}
