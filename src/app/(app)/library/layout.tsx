import type { Metadata } from "next";

export const metadata: Metadata = { title: "Library", robots: { index: false } };

// Every library page needs a signed-in member; the proxy (src/proxy.ts) redirects
// everyone else. The pages are prerendered for every member and hold nothing of anyone's: what her
// tier opens loads in the browser, from calls that check her session and tier themselves.
export default function LibraryLayout({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">{children}</div>;
}
