import type { Metadata } from "next";
import { ChangeEmailForm } from "@/components/account/change-email-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorPanel } from "@/components/account/two-factor-panel";
import { SessionsList } from "@/components/account/sessions-list";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { holdsAdminRole, SIGNED_IN, safeNextPath } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

export const metadata: Metadata = { title: "Security", robots: { index: false } };

// Two-factor sign-in (required of admins, who are sent here first), her password and email address, and
// her active sessions.
export default async function SecurityPage({ searchParams }: PageProps<"/profile/security">) {
  const me = await requirePageAccess(SIGNED_IN);
  const next = (await searchParams).next;
  return (
    <div className="container mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">Security</h1>
      <section aria-labelledby="two-factor-heading" className="mt-8">
        <h2 id="two-factor-heading" className="mb-4 text-2xl font-semibold">
          Two-factor sign-in
        </h2>
        {/* Each step of the panel takes the place of the last: focus goes to the first thing of the new one. */}
        <RowFocusScope>
          <div data-row>
            <TwoFactorPanel
              enabled={me.twoFactorEnabled}
              isAdmin={holdsAdminRole(me)}
              next={typeof next === "string" ? safeNextPath(next) : null}
            />
          </div>
        </RowFocusScope>
      </section>
      <section aria-labelledby="password-heading" className="mt-12">
        <h2 id="password-heading" className="mb-4 text-2xl font-semibold">
          Password
        </h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="email-heading" className="mt-12">
        <h2 id="email-heading" className="mb-4 text-2xl font-semibold">
          Email address
        </h2>
        <ChangeEmailForm email={me.email} />
      </section>
      <section aria-labelledby="sessions-heading" className="mt-12">
        <h2 id="sessions-heading" className="mb-4 text-2xl font-semibold">
          Active sessions
        </h2>
        <SessionsList />
      </section>
    </div>
  );
}
