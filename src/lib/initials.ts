/** Initials for an avatar's fallback: the first letters of first and last name. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.[0] ?? ""}${lastName?.[0] ?? ""}`.toUpperCase() || "?";
}
