import localFont from "next/font/local";

// The display face ships in the npm package @fontsource-variable/fraunces: nothing is fetched from a CDN.
export const displayFont = localFont({
  src: "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  variable: "--font-display",
  // Optional, not swap: a late swap repaints the headings, which are the pages' largest paint, so on a
  // slow first visit the fallback serif stays for that page and the face is cached for the next.
  display: "optional",
  weight: "100 900",
});
