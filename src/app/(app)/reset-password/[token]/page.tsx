import type { Metadata } from "next";
import Link from "next/link";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { RESET_LINK_INVALID_MESSAGE, isResetTokenUsable } from "@/server/auth/password-reset";

export const metadata: Metadata = { title: "Choose a New Password", robots: { index: false }, referrer: "no-referrer" };

export default async function ResetPasswordPage({ params }: PageProps<"/reset-password/[token]">) {
  const { token } = await params;
  const usable = token.length <= 200 && (await isResetTokenUsable(token));
  return (
    <AuthPanel title="Choose a new password">
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="grid gap-4">
          <p role="alert">{RESET_LINK_INVALID_MESSAGE}</p>
          <Link href="/forgot-password" className="font-medium text-primary underline underline-offset-4">
            Request a new link
          </Link>
        </div>
      )}
    </AuthPanel>
  );
}
