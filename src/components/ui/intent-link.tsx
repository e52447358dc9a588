"use client";

import * as React from "react";
import Link from "next/link";

/**
 * A link of the site's frame (header, its menus, footer, cookie notice, the admin areas' section rows) that fetches its page ahead only once she
 * shows she may follow it: points at it, focuses it or touches it. Next.js' default fetches every link
 * that scrolls into view, and the frame is on every page: each page view asked the server for a dozen
 * or more pages nobody opened (decision 057).
 */
export function IntentLink({ onPointerEnter, onFocus, onTouchStart, ...props }: React.ComponentProps<typeof Link>) {
  const [intent, setIntent] = React.useState(false);
  const shown = () => setIntent(true);
  return (
    <Link
      {...props}
      // null is Next.js' own default (fetch ahead), once intent is shown; false fetches nothing ahead.
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        shown();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        shown();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        shown();
        onTouchStart?.(event);
      }}
    />
  );
}
