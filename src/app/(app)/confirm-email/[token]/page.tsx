import type { Metadata } from "next";
import Link from "next/link";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ConfirmEmailChange } from "@/components/account/confirm-email-change";
import { EMAIL_CHANGE_LINK_INVALID_MESSAGE, isEmailChangeTokenUsable } from "@/server/auth/account-changes";

export const metadata: Metadata = {
  title: "Confirm Your New Email Address",
  robots: { index: false },
  referrer: "no-referrer",
};

// A button, not the link itself, changes the address: mail scanners open links, and must change nothing.
export default async function ConfirmEmailPage({ params }: PageProps<"/confirm-email/[token]">) {
  const { token } = await params;
  const usable = token.length <= 200 && (await isEmailChangeTokenUsable(token));
  return (
    <AuthPanel title="Confirm your new email address">
      {usable ? (
        <ConfirmEmailChange token={token} />
      ) : (
        <div className="grid gap-4">
          <p role="alert">{EMAIL_CHANGE_LINK_INVALID_MESSAGE}</p>
          <Link href="/profile/security" className="font-medium text-primary underline underline-offset-4">
            Go to your Security page
          </Link>
        </div>
      )}
    </AuthPanel>
  );
}
