"use client";

import * as React from "react";

/**
 * The tab's title once a prerendered member page knows what it shows (a topic, an item): `title`
 * replaces the page's generic part before the site name ("Forum topic | Site" becomes "Title | Site").
 */
export function useDocumentTitle(title: string | undefined): void {
  React.useEffect(() => {
    if (!title) return;
    const separator = document.title.indexOf(" | ");
    document.title = separator === -1 ? title : `${title}${document.title.slice(separator)}`;
  }, [title]);
}
