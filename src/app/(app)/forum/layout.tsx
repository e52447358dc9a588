// The forum's pages are guarded by the proxy (src/proxy.ts); the prerendered ones hold nothing of any
// member's, and those rendered per request (settings, new topic) check her session themselves.
export default function ForumLayout({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">{children}</div>;
}
