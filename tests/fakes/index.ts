import { startFakeLuma } from "./luma";
import { startMailbox } from "./mailbox";

/**
 * Servers the test run needs besides the app and its database, each on 127.0.0.1: a real SMTP
 * server that keeps what it receives, and fakes of the services this machine cannot reach
 * (Stripe, Luma, an LLM endpoint) speaking their real wire formats.
 */
export async function startFakes(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const mailbox = await startMailbox();
  const luma = await startFakeLuma();
  return {
    env: { ...mailbox.env, ...luma.env },
    stop: async () => {
      await mailbox.stop();
      await luma.stop();
    },
  };
}
