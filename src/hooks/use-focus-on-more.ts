"use client";

import * as React from "react";

/**
 * "Load more" (docs/decisions/037-focus-after-an-action.md): once the next page is drawn, focus goes to
 * the first control of its first item, which is what she asked for; the button itself is gone after the
 * last page. Call the returned function when she presses the button; `count` is how many items show.
 */
export function useFocusOnMore(list: React.RefObject<HTMLElement | null>, count: number): () => void {
  const firstNew = React.useRef<number | null>(null);
  React.useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>("a[href], button")?.focus();
  }, [list, count]);
  return () => {
    firstNew.current = count;
  };
}
