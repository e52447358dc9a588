import "server-only";
import type { Transaction } from "@/db/client";
import type { QueueEmail } from "@/server/email/outbox";

/**
 * What follows, outside money, when an application's payment moves: the applications feature invites
 * her once her approved application is paid for, and withdraws an invitation a failed payment had
 * earned. Money sits below applications and does not import it: the runtime registers these at each
 * process's start (src/server/runtime/wiring.ts, docs/decisions/039-three-floors.md).
 */
export interface AfterApplicationPayment {
  /** Her payment completed (or her card was taken): the invitation, if her application waited for it. */
  paid(tx: Transaction, queueEmail: QueueEmail, applicationId: number, baseUrl: string): Promise<boolean>;
  /** Her payment was marked failed: an invitation it had earned is withdrawn. */
  failed(tx: Transaction, queueEmail: QueueEmail, applicationId: number): Promise<boolean>;
}

// On globalThis: instrumentation, where the runtime registers it, and the route handlers are separate
// bundles in one process.
const registry = globalThis as unknown as { afterApplicationPayment?: AfterApplicationPayment };

export function registerAfterApplicationPayment(hooks: AfterApplicationPayment): void {
  registry.afterApplicationPayment = hooks;
}

/** The registered follow-up; a process that never registered it fails loudly, and the payment's transaction rolls back. */
export function afterApplicationPayment(): AfterApplicationPayment {
  const hooks = registry.afterApplicationPayment;
  if (!hooks)
    throw new Error(
      "Nothing follows an application's payment: src/server/runtime/wiring.ts was not run in this process.",
    );
  return hooks;
}
