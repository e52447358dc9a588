import "server-only";
import { ImageResponse } from "next/og";
import { getSiteSettings } from "@/server/settings";

export const SHARING_CARD_SIZE = { width: 1200, height: 630 };

/** The sharing card for every page (Open Graph and Twitter), drawn from the site's name and tagline. */
export async function sharingCard(): Promise<ImageResponse> {
  const settings = await getSiteSettings();
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 80,
        background: "linear-gradient(135deg, #6b2150 0%, #a3336f 100%)",
        color: "#ffffff",
      }}
    >
      <div style={{ fontSize: 84, fontWeight: 700, lineHeight: 1.1 }}>{settings.siteName}</div>
      <div style={{ fontSize: 40, marginTop: 28, opacity: 0.92, maxWidth: 960 }}>{settings.tagline}</div>
    </div>,
    SHARING_CARD_SIZE,
  );
}
