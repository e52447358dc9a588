import type { SiteSettings } from "@/features/settings/schemas";

/** Structured data for search engines; "<" is escaped so a value cannot close the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

export function OrganizationJsonLd({ settings }: { settings: SiteSettings }) {
  const sameAs = [settings.instagramUrl, settings.facebookUrl, settings.linkedinUrl].filter(Boolean);
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Organization",
        name: settings.siteName,
        description: settings.tagline,
        // Only what an administrator has set (the defaults are empty).
        ...(settings.contactEmail ? { email: settings.contactEmail } : {}),
        ...(settings.contactPhone ? { telephone: settings.contactPhone } : {}),
        ...(settings.contactCity
          ? { address: { "@type": "PostalAddress", addressLocality: settings.contactCity } }
          : {}),
        ...(sameAs.length ? { sameAs } : {}),
      }}
    />
  );
}
