import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/http/site-url";

// Member and admin areas, personal links and the API stay out of search engines.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: [
        "/admin",
        "/api/",
        "/profile",
        "/forum",
        "/library",
        "/courses",
        "/chat",
        "/spiritual-profile",
        "/payment",
        "/payment-success",
        "/join/",
        "/reset-password/",
        "/confirm-email/",
        "/unsubscribe/",
        "/newsletter/",
      ],
    },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
