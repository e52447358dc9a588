import { redirect } from "next/navigation";
import { unsubscribePagePath } from "@/server/email/bulk";
import { tokenOfOldLink } from "@/server/unsubscribe";

// The link in newsletter emails sent before the one unsubscribe leads to the one page
// (docs/decisions/044-one-unsubscribe.md); an unknown one to the page's "not valid".
export default async function NewsletterUnsubscribePage({ params }: PageProps<"/newsletter/unsubscribe/[token]">) {
  const token = await tokenOfOldLink({ scheme: "newsletter", token: (await params).token });
  redirect(unsubscribePagePath(token ?? "invalid"));
}
