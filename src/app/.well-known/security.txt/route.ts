// GET /.well-known/security.txt - where to report a security problem (RFC 9116), static and regenerated
// daily and when the site settings change (the contact address is a setting).
import { siteUrl } from "@/lib/http/site-url";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 86_400;

/**
 * RFC 9116 section 2.5.5: Expires is required and should be under a year away. Regenerated daily, the
 * file always names a date at least 89 days ahead.
 */
const VALID_DAYS = 90;

export async function GET() {
  const settings = await getSiteSettings();
  const base = siteUrl();
  const expires = new Date(Date.now() + VALID_DAYS * 86_400_000);
  expires.setUTCMilliseconds(0);
  const lines = [
    ...(settings.contactEmail ? [`Contact: mailto:${settings.contactEmail}`] : []),
    `Contact: ${base}/contact`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${base}/.well-known/security.txt`,
  ];
  return new Response(`${lines.join("\n")}\n`, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
