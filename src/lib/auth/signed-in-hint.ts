// See markSignedIn in src/server/auth/session-cookie.ts.
export const SIGNED_IN_HINT_COOKIE = "signed_in";

export function hasSignedInHint(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split(";").some((c) => c.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

export function clearSignedInHint(): void {
  if (typeof document !== "undefined") document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
