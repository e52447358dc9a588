import type { Metadata } from "next";
import { PrivacyPanel } from "@/components/account/privacy-panel";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Your Data", robots: { index: false } };

// GDPR: she downloads everything we hold about her, or deletes her account.
export default async function PrivacyPage() {
  const me = await requirePageAccess(SIGNED_IN);
  return (
    <div className="container mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">Your data and your account</h1>
      <PrivacyPanel userId={me.id} />
    </div>
  );
}
