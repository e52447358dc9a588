"use client";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { useLogout } from "@/hooks/use-auth";
import { initialsOf } from "@/lib/initials";
import { ACCOUNT_LINKS } from "./nav-items";
import { NavMenu } from "./nav-menu";

/**
 * The signed-in member's picture in the bar, a button that opens her own pages and Logout: they
 * leave the bar its room (an administrator's bar has the Admin menu too). Loaded apart so that
 * visitors' pages do not carry it.
 */
export default function AccountMenu({
  user,
}: {
  user: { firstName: string; lastName: string; profilePicture?: string | null };
}) {
  const logout = useLogout();
  return (
    <NavMenu
      label="Your account"
      buttonLabel={`Your account: ${user.firstName} ${user.lastName}`.trim()}
      items={ACCOUNT_LINKS}
      align="end"
      buttonClassName="rounded-full p-0.5"
      footer={
        <button
          type="button"
          className="block w-full cursor-pointer rounded-sm px-2 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent aria-disabled:opacity-60"
          // Pending, it stays focusable and ignores presses (decision 037): focus is not dropped to the page.
          onClick={() => (logout.isPending ? undefined : void logout.logOut())}
          aria-disabled={logout.isPending || undefined}
        >
          Logout
        </button>
      }
    >
      <Avatar className="size-9" data-testid="navbar-avatar">
        {user.profilePicture ? <AvatarImage src={user.profilePicture} alt="" /> : null}
        <AvatarFallback aria-hidden="true">{initialsOf(user.firstName, user.lastName)}</AvatarFallback>
      </Avatar>
    </NavMenu>
  );
}
