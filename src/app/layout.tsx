import type { Metadata } from "next";
import { Footer } from "@/components/layout/footer";
import { CookieBanner } from "@/components/public/cookie-banner";
import { Navbar } from "@/components/layout/navbar";
import { Providers } from "@/components/providers";
import { siteUrl } from "@/lib/http/site-url";
import { getSiteSettings } from "@/server/settings";
import { displayFont } from "./fonts";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings();
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: settings.siteName, template: `%s | ${settings.siteName}` },
    description: settings.tagline,
    applicationName: settings.siteName,
    // Pages set their own canonical path; the Open Graph image is app/opengraph-image.tsx.
    openGraph: {
      type: "website",
      siteName: settings.siteName,
      locale: "en_US",
      title: settings.siteName,
      description: settings.tagline,
    },
    twitter: { card: "summary_large_image", title: settings.siteName, description: settings.tagline },
  };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const settings = await getSiteSettings();
  return (
    <html lang="en-US" className={displayFont.variable}>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
        >
          Skip to main content
        </a>
        <Providers>
          <Navbar siteName={settings.siteName} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer settings={settings} />
          <CookieBanner />
        </Providers>
      </body>
    </html>
  );
}
