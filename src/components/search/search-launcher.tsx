"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/hooks/use-hydrated";

// The box's code (the dialog, the query, the results) loads when she first opens it: every public
// page has this button, and most visitors never search.
const SearchDialog = dynamic(() => import("./search-dialog"), { ssr: false });

/** Whether a key press happens while she writes somewhere, where "/" is a character and not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The header's search button, which opens the search box; "/" (outside a text field) and Ctrl-K or
 * Cmd-K open it too. `open` is the navbar's, so that its mobile menu can open the same box.
 */
export function SearchLauncher({
  open,
  onOpenChange,
  phoneFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on a phone, where the box is opened from the menu and this button is not shown. */
  phoneFocus: React.RefObject<HTMLElement | null>;
}) {
  const button = React.useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const returnFocusTo = React.useMemo(
    () => ({
      get current(): HTMLElement | null {
        return button.current?.offsetParent ? button.current : (phoneFocus.current ?? button.current);
      },
    }),
    [phoneFocus],
  );
  const [loaded, setLoaded] = React.useState(false);
  if (open && !loaded) setLoaded(true);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut =
        (event.key === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) ||
        (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target));
      if (!shortcut || event.defaultPrevented) return;
      event.preventDefault();
      onOpenChange(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onOpenChange]);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        // On a phone the bar keeps its room for the site's name: the menu has "Search the site".
        className="hidden sm:inline-flex"
        aria-label="Search the site"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        // Before React runs, a press would do nothing: say so (aria-disabled keeps it focusable).
        aria-disabled={hydrated ? undefined : true}
        onClick={() => onOpenChange(true)}
      >
        <Search className="size-5" aria-hidden="true" />
      </Button>
      {loaded ? <SearchDialog open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo} /> : null}
    </>
  );
}
