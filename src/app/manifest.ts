import type { MetadataRoute } from "next";
import { getSiteSettings } from "@/server/settings";

// Regenerated hourly, so a new site name reaches the manifest without a build.
export const revalidate = 3600;

/** /manifest.webmanifest: installable on a phone's home screen. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const settings = await getSiteSettings();
  return {
    id: "/",
    name: settings.siteName,
    short_name: settings.siteName.length > 12 ? settings.siteName.split(" ")[0]! : settings.siteName,
    description: settings.tagline,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#fdf8fa",
    theme_color: "#6b2150",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
