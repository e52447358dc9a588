import type { Metadata } from "next";

export const metadata: Metadata = { title: "Offline", robots: { index: false } };

/** What the service worker shows for a page when the phone has no connection. */
export default function OfflinePage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">You are offline</h1>
      <p className="mt-4 text-muted-foreground">
        This page needs a connection. Check your network, then try again: your notifications and messages will be
        waiting.
      </p>
    </div>
  );
}
