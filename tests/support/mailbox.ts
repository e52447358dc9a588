import type { MailboxMessage } from "../fakes/mailbox";

function mailboxUrl(): string {
  const url = process.env.TEST_MAILBOX_URL;
  if (!url) throw new Error("TEST_MAILBOX_URL is not set: run the tests through `npm test`.");
  return url;
}

export async function messagesTo(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as MailboxMessage[];
}

/** The next `count` deliveries to the address fail: 451, try later (the default), or 550, no such mailbox. */
export async function rejectNextDeliveries(address: string, count: number, code: 451 | 550 = 451): Promise<void> {
  await fetch(`${mailboxUrl()}/reject`, { method: "POST", body: JSON.stringify({ to: address, count, code }) });
}
