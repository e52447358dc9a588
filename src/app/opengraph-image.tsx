import { sharingCard } from "@/server/seo/sharing-card";

// Next.js reads these exports statically, so each image file states them itself.
export const alt = "The community's name and tagline";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const revalidate = 3600;

export default function Image() {
  return sharingCard();
}
