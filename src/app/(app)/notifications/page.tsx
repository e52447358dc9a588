import type { Metadata } from "next";
import Link from "next/link";
import { MarkAllReadButton, RefreshOnNotification } from "@/components/notifications/notification-actions";
import { NotificationItem } from "@/components/notifications/notification-item";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from "@/features/notifications/constants";
import { notificationListQuerySchema } from "@/features/notifications/schemas";
import { SIGNED_IN } from "@/lib/auth/access";
import { cn } from "@/lib/utils";
import { requirePageAccess } from "@/server/auth/current-user";
import { listNotifications } from "@/server/notifications";

export const metadata: Metadata = { title: "Notifications", robots: { index: false } };

const filterClass = (active: boolean) =>
  cn(
    "rounded-full border px-3 py-1.5 text-sm font-medium hover:bg-accent",
    active ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90" : "border-border",
  );

/** /notifications: every notification, newest activity first, by kind, in keyset pages. */
export default async function NotificationsPage({ searchParams }: PageProps<"/notifications">) {
  const me = await requirePageAccess(SIGNED_IN);
  const raw = await searchParams;
  const parsed = notificationListQuerySchema.safeParse({ kind: raw.kind, after: raw.after });
  const query = parsed.success ? parsed.data : {};
  const page = await listNotifications(me, query);
  const link = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return `/notifications${search.size ? `?${search}` : ""}`;
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <RefreshOnNotification />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Notifications</h1>
        <div className="flex items-center gap-3">
          <MarkAllReadButton kind={query.kind} disabled={page.unreadCount === 0} />
          <Link
            href="/notifications/settings"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Settings
          </Link>
        </div>
      </div>
      <p className="text-muted-foreground">
        {page.unreadCount === 0 ? "You are all caught up." : `${page.unreadCount} unread.`}
      </p>
      <nav aria-label="Filter by kind">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={link({})} className={filterClass(!query.kind)} aria-current={!query.kind ? "page" : undefined}>
              All
            </Link>
          </li>
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <Link
                href={link({ kind })}
                className={filterClass(query.kind === kind)}
                aria-current={query.kind === kind ? "page" : undefined}
              >
                {NOTIFICATION_KIND_LABELS[kind]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.notifications.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          {query.after ? "No older notifications." : "No notifications here yet."}
        </p>
      ) : (
        <ul aria-label="Notifications" className="grid gap-1 rounded-xl border p-2">
          {page.notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} />
            </li>
          ))}
        </ul>
      )}
      {page.next ? (
        <Link
          href={link({ kind: query.kind, after: page.next })}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Older notifications
        </Link>
      ) : null}
    </div>
  );
}
