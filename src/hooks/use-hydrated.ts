import * as React from "react";

const noSubscription = () => () => {};

/**
 * False while the server's HTML is being hydrated (and on the server), true once React runs the page
 * in the browser. A control whose work is done by React says so with it: before then a click on it
 * would do nothing.
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
