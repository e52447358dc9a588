"use client";

import { usePathname } from "next/navigation";

/**
 * The nth segment of the address in the browser (0 is the first after "/"), decoded. Member pages
 * with an id or a slug are prerendered once for all of them (next.config.ts rewrites each to its one
 * prerendered path), so the page reads which one the member asked for here. On the server it is the
 * prerendered path's placeholder: use it for what loads in the browser, not for the markup.
 */
export function usePathSegment(index: number): string {
  const segment = usePathname().split("/").filter(Boolean)[index] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
