import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { MessageComposer } from "@/components/messages/message-composer";
import { SIGNED_IN } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { idSchema } from "@/lib/validation";
import { requirePageAccess } from "@/server/auth/current-user";
import { existingConversationWith, messageableMember } from "@/server/messages";

export const metadata: Metadata = { title: "New message", robots: { index: false } };

/** /messages/new?to={id}: the Message button of profiles and the directory; an existing conversation opens instead. */
export default async function NewMessagePage({ searchParams }: PageProps<"/messages/new">) {
  const me = await requirePageAccess(SIGNED_IN);
  const to = idSchema.safeParse((await searchParams).to);
  if (!to.success) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-semibold">New message</h1>
        <p className="text-muted-foreground">
          Choose whom to write to in the{" "}
          <Link href="/members" className="text-primary underline underline-offset-4">
            member directory
          </Link>
          , or from her profile, with the Message button.
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
        <MessageComposer toUserId={to.data} toName={name} />
      )}
    </div>
  );
}
