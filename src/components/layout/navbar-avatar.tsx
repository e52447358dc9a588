"use client";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initialsOf } from "@/lib/initials";

/** The signed-in member's picture in the bar, loaded apart so that visitors' pages do not carry it. */
export default function NavbarAvatar({
  user,
}: {
  user: { firstName: string; lastName: string; profilePicture?: string | null };
}) {
  return (
    <Avatar className="size-9" data-testid="navbar-avatar">
      {user.profilePicture ? (
        <AvatarImage src={user.profilePicture} alt={`${user.firstName} ${user.lastName}`} />
      ) : null}
      <AvatarFallback aria-hidden="true">{initialsOf(user.firstName, user.lastName)}</AvatarFallback>
    </Avatar>
  );
}
