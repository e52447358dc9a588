import type { Metadata } from "next";
import Link from "next/link";
import { MessageSettingsForm } from "@/components/messages/conversation-actions";
import { PreferencesForm } from "@/components/notifications/preferences-form";
import { PushToggle } from "@/components/notifications/push-toggle";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { formatDateTime } from "@/lib/format";
import { memberEmailRefusal } from "@/server/email/suppressions";
import { getMessageSettings } from "@/server/messages";
import { getNotificationPreferences } from "@/server/notifications";
import { pushConfigured } from "@/server/push";

export const metadata: Metadata = { title: "Notification settings", robots: { index: false } };

/** /notifications/settings: what reaches her and how, who may message her. */
export default async function NotificationSettingsPage() {
  const me = await requirePageAccess(SIGNED_IN);
  const [preferences, messages, refusal] = await Promise.all([
    getNotificationPreferences(me.id),
    getMessageSettings(me.id),
    memberEmailRefusal(me.id),
  ]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <Link href="/notifications" className="text-sm text-primary underline-offset-4 hover:underline">
        ← Notifications
      </Link>
      <h1 className="text-3xl font-semibold">Notification settings</h1>
      {refusal ? (
        <section
          aria-labelledby="refusing-heading"
          className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4"
        >
          <h2 id="refusing-heading" className="font-semibold">
            Your email address is refusing our mail
          </h2>
          <p className="text-sm">
            The mail server of {refusal.address} refused an email to it on {formatDateTime(refusal.since)}, saying
            &ldquo;{refusal.reason}&rdquo;. We send it no notification emails or digests until it accepts mail again;
            you still see everything here, and password resets are still sent.
          </p>
        </section>
      ) : null}
      <section aria-labelledby="kinds-heading" className="grid gap-4">
        <h2 id="kinds-heading" className="text-xl font-semibold">
          What reaches you, and how
        </h2>
        <p className="text-sm text-muted-foreground">
          Everything you do not turn off shows in the app. Email at once waits a minute, and is not sent for what you
          have already seen. Every email has a link to stop that kind.
        </p>
        <PreferencesForm initial={preferences} pushAvailable={pushConfigured()} />
      </section>
      {pushConfigured() ? (
        <section aria-labelledby="device-heading" className="grid gap-4">
          <h2 id="device-heading" className="text-xl font-semibold">
            This device
          </h2>
          <p className="text-sm text-muted-foreground">
            Get the kinds ticked under &ldquo;On this device&rdquo; as notifications on this phone or computer, even
            when the site is closed.
          </p>
          <PushToggle />
        </section>
      ) : null}
      <section aria-labelledby="messages-heading" className="grid gap-4">
        <h2 id="messages-heading" className="text-xl font-semibold">
          Direct messages
        </h2>
        <MessageSettingsForm allowFrom={messages.allowFrom} />
      </section>
    </div>
  );
}
