import { redirect } from "next/navigation";
import { unsubscribePagePath } from "@/server/email/bulk";
import { tokenOfOldLink } from "@/server/unsubscribe";

// The link in reply emails sent before the one pipeline leads to the one unsubscribe page, for replies
// (docs/decisions/044-one-unsubscribe.md); an unknown one to the page's "not valid".
export default async function ForumUnsubscribePage({ params }: PageProps<"/forum-emails/unsubscribe/[token]">) {
  const token = await tokenOfOldLink({ scheme: "forum-emails", token: (await params).token });
  redirect(unsubscribePagePath(token ?? "invalid"));
}
