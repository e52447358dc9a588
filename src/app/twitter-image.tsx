import { ImageResponse } from "next/og";
import { getSiteSettings } from "@/server/settings";

// The Twitter card image, the same as the Open Graph one, generated from the site's name and tagline.
export const alt = "The community's name and tagline";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const revalidate = 3600;

export default async function OpenGraphImage() {
  const settings = await getSiteSettings();
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "center", padding: 80, background: "linear-gradient(135deg, #6b2150 0%, #a3336f 100%)", color: "#ffffff" }}>
        <div style={{ fontSize: 84, fontWeight: 700, lineHeight: 1.1 }}>{settings.siteName}</div>
        <div style={{ fontSize: 40, marginTop: 28, opacity: 0.92, maxWidth: 960 }}>{settings.tagline}</div>
      </div>
    ),
    size,
  );
}
