import localFont from "next/font/local";

// The display face ships in the npm package @fontsource-variable/fraunces: nothing is fetched from a CDN.
export const displayFont = localFont({
  src: "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  variable: "--font-display",
  display: "swap",
  weight: "100 900",
});
