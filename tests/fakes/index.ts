import { startFakeLlm } from "./llm";
import { startFakeLuma } from "./luma";
import { startFakeS3 } from "./s3";
import { startMailbox } from "./mailbox";
import { startFakeStripe } from "./stripe";
import { startFakePushService } from "./push";

/**
 * Servers the test run needs besides the app and its database, each on 127.0.0.1: a real SMTP
 * server that keeps what it receives, and fakes of the services this machine cannot reach
 * (Stripe, Luma, an LLM endpoint, S3, a Web Push service) speaking their real wire formats.
 */
export async function startFakes(): Promise<{
  env: Record<string, string>;
  setAppUrl: (url: string) => void;
  stop: () => Promise<void>;
}> {
  const mailbox = await startMailbox();
  const luma = await startFakeLuma();
  const stripe = await startFakeStripe();
  const s3 = await startFakeS3();
  const llm = await startFakeLlm();
  const push = await startFakePushService();
  return {
    env: { ...mailbox.env, ...luma.env, ...stripe.env, ...s3.env, ...llm.env, ...push.env },
    /** Where webhooks go, once the app is listening. */
    setAppUrl: (url) => {
      stripe.setAppUrl(url);
    },
    stop: async () => {
      await mailbox.stop();
      await luma.stop();
      await stripe.stop();
      await s3.stop();
      await llm.stop();
      await push.stop();
    },
  };
}
