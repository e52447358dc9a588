import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { MessageComposer } from "@/components/messages/message-composer";
import { RecipientSearch } from "@/components/messages/recipient-search";
import { SIGNED_IN } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { idSchema } from "@/lib/validation";
import { requirePageAccess } from "@/server/auth/current-user";
import { existingConversationWith, messageableMember } from "@/server/messages";

export const metadata: Metadata = { title: "New message", robots: { index: false } };

/**
 * /messages/new: whom to write to, found by name; ?to={id} (chosen there, or the Message button of
 * profiles and the directory) opens the composer, or their conversation if they have one.
 */
export default async function NewMessagePage({ searchParams }: PageProps<"/messages/new">) {
  const me = await requirePageAccess(SIGNED_IN);
  const to = idSchema.safeParse((await searchParams).to);
  if (!to.success) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
        <Link href="/messages" className="text-sm text-primary underline-offset-4 hover:underline">
          ← All messages
        </Link>
        <h1 className="text-2xl font-semibold">New message</h1>
        <RecipientSearch />
        <p className="text-sm text-muted-foreground">
          Members who blocked you, whom you blocked, or who do not take messages from you are not listed.
        </p>
      </div>
    );
  }
  const existing = await existingConversationWith(me.id, to.data);
  if (existing) redirect(`/messages/${existing}`);
  let refusal: string | null = null;
  let name = "";
  try {
    const member = await messageableMember(me, to.data);
    name = `${member.firstName} ${member.lastName}`.trim();
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 404) notFound();
    refusal = error.message;
  }
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link href="/messages" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <h1 className="text-2xl font-semibold">New message</h1>
      {refusal ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{refusal}</p>
      ) : (
        <MessageComposer toUserId={to.data} toName={name} autoFocus />
      )}
    </div>
  );
}
