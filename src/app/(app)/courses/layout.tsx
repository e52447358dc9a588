import type { Metadata } from "next";

export const metadata: Metadata = { title: "Courses", robots: { index: false } };

// Every course page needs a signed-in member; the proxy (src/proxy.ts) redirects everyone else. The
// pages are prerendered for every member and hold nothing of anyone's: the courses her tier opens, her
// progress and the lessons open to her load in the browser, from calls that check all of it themselves.
export default function CoursesLayout({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">{children}</div>;
}
