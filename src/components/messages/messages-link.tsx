"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { MessageCircle } from "lucide-react";
import { CountBadge } from "@/components/ui/count-badge";
import { useUnreadCounts } from "@/hooks/use-notification-stream";
import { cn } from "@/lib/utils";

/**
 * The navbar's way to her direct messages: an icon beside the bell, or an item of the mobile menu,
 * each with how many of her conversations have unread messages (live from the notifications stream).
 * Loaded apart, like the bell, so that visitors' pages do not carry it.
 */
export default function MessagesLink({
  variant,
  className,
  onNavigate,
}: {
  variant: "icon" | "menu-item";
  className?: string;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const unread = useUnreadCounts()?.unreadMessages ?? 0;
  const active = pathname === "/messages" || pathname.startsWith("/messages/");
  const label = unread ? `Messages, ${unread} unread` : "Messages";
  return (
    <IntentLink
      href="/messages"
      aria-label={label}
      aria-current={active ? "page" : undefined}
      data-testid={variant === "icon" ? "messages-link" : undefined}
      onClick={onNavigate}
      className={cn(
        variant === "icon"
          ? "relative inline-flex size-10 items-center justify-center rounded-full hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          : "flex items-center gap-2",
        className,
      )}
    >
      {variant === "icon" ? (
        <>
          <MessageCircle aria-hidden="true" className="size-5" />
          <CountBadge count={unread} className="absolute -top-0.5 -right-0.5" />
        </>
      ) : (
        <>
          Messages
          <CountBadge count={unread} />
        </>
      )}
    </IntentLink>
  );
}
