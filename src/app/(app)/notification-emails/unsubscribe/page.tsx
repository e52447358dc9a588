import { redirect } from "next/navigation";
import { unsubscribeQuerySchema } from "@/features/notifications/schemas";
import { unsubscribePagePath } from "@/server/email/bulk";
import { tokenOfOldLink } from "@/server/unsubscribe";

// The link in notification emails sent before the one unsubscribe leads to the one page, for the
// same kind (docs/decisions/044-one-unsubscribe.md); an unknown one to the page's "not valid".
export default async function NotificationUnsubscribePage({
  searchParams,
}: PageProps<"/notification-emails/unsubscribe">) {
  const parsed = unsubscribeQuerySchema.safeParse(await searchParams);
  const token = parsed.success ? await tokenOfOldLink({ scheme: "notification-emails", ...parsed.data }) : null;
  redirect(unsubscribePagePath(token ?? "invalid"));
}
