import { IntentLink } from "@/components/ui/intent-link";
import type { SiteSettings } from "@/features/settings/schemas";

const QUICK_LINKS = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/membership", label: "Membership" },
  { href: "/events", label: "Events" },
  { href: "/community", label: "Community" },
  { href: "/apply", label: "Apply" },
];

const RESOURCE_LINKS = [
  { href: "/blog", label: "Blog" },
  { href: "/blog#press", label: "Press" },
  { href: "/faq", label: "FAQ" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
];

function FooterColumn({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold tracking-wide uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <IntentLink
              href={link.href}
              className="text-sm text-primary-foreground/90 underline-offset-4 hover:underline"
            >
              {link.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer({ settings }: { settings: SiteSettings }) {
  const socials = [
    { href: settings.instagramUrl, label: "Instagram" },
    { href: settings.facebookUrl, label: "Facebook" },
    { href: settings.linkedinUrl, label: "LinkedIn" },
  ].filter((s) => s.href);
  return (
    <footer className="bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="font-serif text-xl font-semibold">{settings.siteName}</p>
          <p className="mt-3 text-sm text-primary-foreground/90">{settings.tagline}</p>
        </div>
        <FooterColumn title="Quick Links" links={QUICK_LINKS} />
        <FooterColumn title="Resources" links={RESOURCE_LINKS} />
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wide uppercase">Contact</h2>
          {/* Each detail once an administrator has set it; the contact form always (no placeholders). */}
          <address className="mt-3 space-y-2 text-sm not-italic text-primary-foreground/90">
            {settings.contactEmail ? (
              <p>
                <a href={`mailto:${settings.contactEmail}`} className="underline-offset-4 hover:underline">
                  {settings.contactEmail}
                </a>
              </p>
            ) : null}
            {settings.contactPhone ? (
              <p>
                <a
                  href={`tel:${settings.contactPhone.replace(/[^+\d]/g, "")}`}
                  className="underline-offset-4 hover:underline"
                >
                  {settings.contactPhone}
                </a>
              </p>
            ) : null}
            {settings.contactCity ? <p>{settings.contactCity}</p> : null}
            <p>
              <IntentLink href="/contact" className="underline underline-offset-4">
                Contact form
              </IntentLink>
            </p>
          </address>
          {socials.length ? (
            <ul className="mt-4 flex flex-wrap gap-3" aria-label="Social media">
              {socials.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.href}
                    className="text-sm underline underline-offset-4"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-primary-foreground/20">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-primary-foreground/90 sm:px-6">
          © {new Date().getFullYear()} {settings.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
