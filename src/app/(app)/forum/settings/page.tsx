import type { Metadata } from "next";
import Link from "next/link";
import { ReplyEmailSetting, UnblockButton } from "@/components/forum/forum-settings";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { SIGNED_IN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { getForumPreferences, listBlockedMembers } from "@/server/forum";

export const metadata: Metadata = { title: "Forum settings", robots: { index: false } };

export default async function ForumSettingsPage() {
  const me = await requirePageAccess(SIGNED_IN);
  const [preferences, blocked] = await Promise.all([getForumPreferences(me.id), listBlockedMembers(me)]);
  return (
    <div className="mx-auto grid max-w-2xl gap-8">
      <Link href="/forum" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All forums
      </Link>
      <h1 className="text-3xl font-semibold">Forum settings</h1>
      <section aria-labelledby="emails-heading" className="grid gap-4">
        <h2 id="emails-heading" className="text-xl font-semibold">
          Emails
        </h2>
        <ReplyEmailSetting emailOnReplies={preferences.emailOnReplies} />
      </section>
      {/* Unblock takes the member off the list: focus goes to the next one, or to the heading. */}
      <RowFocusScope>
        <section aria-labelledby="blocked-heading" className="grid gap-4">
          <h2 id="blocked-heading" className="text-xl font-semibold" tabIndex={-1} data-row-fallback>
            Blocked members
          </h2>
          {blocked.length === 0 ? (
            <p className="text-muted-foreground">You have not blocked anyone.</p>
          ) : (
            <ul className="grid gap-2">
              {blocked.map((member) => {
                const name = `${member.firstName} ${member.lastName}`.trim();
                return (
                  <li
                    key={member.id}
                    className="flex items-center justify-between gap-3 rounded-md border p-3"
                    data-row
                  >
                    <span>{name}</span>
                    <UnblockButton userId={member.id} name={name} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </RowFocusScope>
    </div>
  );
}
