"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useCurrentUser, useLogout } from "@/hooks/use-auth";
import { useHydrated } from "@/hooks/use-hydrated";
import { cn } from "@/lib/utils";
import { ACCOUNT_LINKS, ADMIN_LINKS, MEMBER_LINKS, isActive, mainLinks, type NavLink } from "./nav-items";
import { Chevron, NavMenu } from "./nav-menu";
import { SearchLauncher } from "@/components/search/search-launcher";

// Only members have these: visitors' pages (the public, prerendered ones) do not load them.
const AccountMenu = dynamic(() => import("./account-menu"), {
  ssr: false,
  loading: () => <span className="block size-10" />,
});
const NotificationBell = dynamic(() => import("@/components/notifications/notification-bell"), {
  ssr: false,
  loading: () => <span className="block size-10" />,
});
const MessagesLink = dynamic(() => import("@/components/messages/messages-link"), {
  ssr: false,
  loading: () => <span className="block size-10" />,
});

// The bar becomes more opaque once the page has scrolled 50 px.
export const NAVBAR_SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const linkClass = (active: boolean) =>
  cn(
    "rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground",
    active ? "text-primary underline decoration-2 underline-offset-8" : "text-foreground",
  );

function DesktopLink({ link, pathname }: { link: NavLink; pathname: string }) {
  const active = isActive(link, pathname);
  if (!link.anchors) {
    return (
      <IntentLink href={link.href} className={linkClass(active)} aria-current={active ? "page" : undefined}>
        {link.label}
      </IntentLink>
    );
  }
  return (
    <div className="flex items-center">
      <IntentLink href={link.href} className={cn(linkClass(active), "pr-1")} aria-current={active ? "page" : undefined}>
        {link.label}
      </IntentLink>
      <NavMenu label={`${link.label} sections`} items={link.anchors} />
    </div>
  );
}

function AdminMenu({ pathname }: { pathname: string }) {
  return (
    <NavMenu
      label="Admin pages"
      items={ADMIN_LINKS}
      align="end"
      buttonClassName={cn(linkClass(pathname.startsWith("/admin")), "flex items-center gap-1")}
    >
      Admin <Chevron />
    </NavMenu>
  );
}

export function Navbar({ siteName }: { siteName: string }) {
  const pathname = usePathname();
  // The not-found page is prerendered once for every missing path, so its HTML cannot mark the
  // current item, and React does not patch attributes that differ at hydration. The bar is therefore
  // keyed on hydration and rendered afresh once in the browser.
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const logout = useLogout();
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [searchOpen, setSearchOpen] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  const links = mainLinks(Boolean(user));

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-40 border-b backdrop-blur transition-colors",
        scrolled ? "border-border bg-background/95 shadow-sm" : "border-transparent bg-background/80",
      )}
    >
      <nav
        key={hydrated ? "browser" : "server"}
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6"
      >
        <IntentLink href="/" className="font-serif text-xl font-semibold text-primary" onClick={closeMenu}>
          {siteName}
        </IntentLink>

        <div className="hidden items-center gap-0.5 xl:flex">
          {links.map((link) => (
            <DesktopLink key={link.href} link={link} pathname={pathname} />
          ))}
          {user ? MEMBER_LINKS.map((link) => <DesktopLink key={link.href} link={link} pathname={pathname} />) : null}
          {user?.isAdmin ? <AdminMenu pathname={pathname} /> : null}
        </div>

        {user ? (
          <div className="ml-auto flex items-center gap-1 xl:order-last xl:ml-0">
            <SearchLauncher open={searchOpen} onOpenChange={setSearchOpen} phoneFocus={menuButton} />
            <MessagesLink variant="icon" />
            <NotificationBell />
            {/* On a phone her pages and Logout are in the menu: the bar keeps its room for the name. */}
            <div className="hidden sm:block">
              <AccountMenu user={user} />
            </div>
          </div>
        ) : (
          <div className="ml-auto flex items-center gap-2 xl:ml-0">
            <SearchLauncher open={searchOpen} onOpenChange={setSearchOpen} phoneFocus={menuButton} />
            <div className="hidden items-center gap-2 xl:flex">
              <IntentLink
                href="/login"
                className={linkClass(pathname === "/login")}
                aria-current={pathname === "/login" ? "page" : undefined}
              >
                Login
              </IntentLink>
              <Button asChild size="sm">
                <IntentLink href="/apply">Join Now</IntentLink>
              </Button>
            </div>
          </div>
        )}

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-expanded={menuOpen}
          // Only while the menu is in the page: aria-controls must name an element that exists.
          aria-controls={menuOpen ? "mobile-menu" : undefined}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          // Before React runs, a press would do nothing: say so (aria-disabled keeps it focusable).
          aria-disabled={hydrated ? undefined : true}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {menuOpen ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </Button>
      </nav>

      {menuOpen ? (
        <div
          id="mobile-menu"
          // Scrolls inside itself: the bar is sticky, so a menu taller than the screen would hide its last items.
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t bg-background px-4 pb-4 xl:hidden"
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            closeMenu();
            menuButton.current?.focus();
          }}
        >
          <ul className="flex flex-col gap-1 pt-2">
            <li>
              <button
                type="button"
                className={cn(linkClass(false), "block w-full text-left")}
                onClick={() => {
                  closeMenu();
                  setSearchOpen(true);
                }}
              >
                Search the site
              </button>
            </li>
            {[...links, ...(user ? MEMBER_LINKS : [])].map((link) => (
              <li key={link.href}>
                <IntentLink
                  href={link.href}
                  className={cn(linkClass(isActive(link, pathname)), "block")}
                  onClick={closeMenu}
                  aria-current={isActive(link, pathname) ? "page" : undefined}
                >
                  {link.label}
                </IntentLink>
                {link.anchors ? (
                  <ul className="ml-4 flex flex-col">
                    {link.anchors.map((anchor) => (
                      <li key={anchor.href}>
                        <IntentLink
                          href={anchor.href}
                          className="block rounded-md px-2.5 py-1.5 text-sm text-muted-foreground hover:bg-accent"
                          onClick={closeMenu}
                        >
                          {anchor.label}
                        </IntentLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {user ? (
            <div className="mt-3 border-t pt-3">
              <p className="px-2.5 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Your account
              </p>
              <ul className="flex flex-col gap-1">
                <li>
                  <MessagesLink
                    variant="menu-item"
                    className={linkClass(pathname.startsWith("/messages"))}
                    onNavigate={closeMenu}
                  />
                </li>
                {ACCOUNT_LINKS.map((link) => (
                  <li key={link.href}>
                    <IntentLink
                      href={link.href}
                      className={cn(linkClass(isActive(link, pathname)), "block")}
                      onClick={closeMenu}
                      aria-current={isActive(link, pathname) ? "page" : undefined}
                    >
                      {link.label}
                    </IntentLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {user?.isAdmin ? (
            <div className="mt-3 border-t pt-3">
              <p className="px-2.5 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Admin</p>
              <ul className="flex flex-col gap-1">
                {ADMIN_LINKS.map((link) => (
                  <li key={link.href}>
                    <IntentLink
                      href={link.href}
                      className={cn(linkClass(pathname === link.href), "block")}
                      onClick={closeMenu}
                    >
                      {link.label}
                    </IntentLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="mt-3 flex flex-col gap-2 border-t pt-3">
            {user ? (
              <Button
                variant="outline"
                onClick={() => {
                  closeMenu();
                  void logout.logOut();
                }}
              >
                Logout
              </Button>
            ) : (
              <>
                <Button asChild variant="outline">
                  <IntentLink href="/login" onClick={closeMenu}>
                    Login
                  </IntentLink>
                </Button>
                <Button asChild>
                  <IntentLink href="/apply" onClick={closeMenu}>
                    Join Now
                  </IntentLink>
                </Button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}
