import type { Metadata } from "next";
import Link from "next/link";
import { AcceptTerms } from "@/components/profile/accept-terms";
import { SIGNED_IN } from "@/lib/auth/access";
import { AFFILIATE_TERMS_TEXT } from "@/features/affiliate/schemas";
import { checkRegistration, REGISTRATION_MESSAGES } from "@/server/affiliate/partners";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Affiliate Programme", robots: { index: false }, referrer: "no-referrer" };

/**
 * The link of the affiliate registration email: the programme's terms and an Accept button. Opening
 * it changes nothing (an email scanner may open it); only accepting (a POST) creates the partner record.
 */
export default async function AffiliateRegistrationPage({ params }: PageProps<"/profile/affiliate/[token]">) {
  const me = await requirePageAccess(SIGNED_IN);
  const { token } = await params;
  const problem = await checkRegistration(me, token);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold">Affiliate Programme</h1>
      {problem ? (
        <div className="mt-6 grid gap-4">
          <p role="alert">{REGISTRATION_MESSAGES[problem]}</p>
          <p>
            <Link href="/profile?tab=affiliate" className="font-medium text-primary underline underline-offset-4">
              Go to the Affiliate tab
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-4">
            Read the programme&apos;s terms. When you accept them, your partner code and share link are ready at once.
          </p>
          <h2 className="mt-6 text-xl font-semibold">Terms</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {AFFILIATE_TERMS_TEXT.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <AcceptTerms token={token} />
        </>
      )}
    </div>
  );
}
