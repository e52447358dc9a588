import "server-only";
import Bowser from "bowser";

/**
 * A session's browser as a person names it ("Chrome on macOS", "Safari on iPhone"), from the
 * User-Agent it signed in with (bowser: well kept, MIT). What cannot be read stays "Unknown browser".
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = platform.model === "iPhone" || platform.model === "iPad" ? platform.model : os.name;
  if (browser.name && system) return `${browser.name} on ${system}`;
  return browser.name || system || "Unknown browser";
}
