import type { Metadata } from "next";
import Link from "next/link";
import { AuthPanel } from "@/components/auth/auth-panel";
import { JoinForm } from "@/components/join/join-form";
import { INVITATION_MESSAGES, inspectInvitation } from "@/server/applications/invitations";
import { tierName } from "@/lib/format";

export const metadata: Metadata = {
  title: "Complete Your Membership",
  robots: { index: false },
  referrer: "no-referrer",
};

export default async function JoinPage({ params }: PageProps<"/join/[token]">) {
  const { token } = await params;
  const invitation = await inspectInvitation(token);
  if (invitation.problem) {
    return (
      <AuthPanel title="Invitation unavailable">
        <div className="grid gap-4">
          <p role="alert">{INVITATION_MESSAGES[invitation.problem]}</p>
          <Link href="/login" className="font-medium text-primary underline underline-offset-4">
            Go to sign in
          </Link>
        </div>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={`Welcome, ${invitation.firstName}`}>
      <p className="mb-6">
        Choose a username and password for your {tierName(invitation.tier)} membership. Your account uses{" "}
        {invitation.email}.
      </p>
      <JoinForm token={token} />
    </AuthPanel>
  );
}
