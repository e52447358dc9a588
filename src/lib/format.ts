import { format } from "date-fns";
import { enUS } from "date-fns/locale";

// Dates as 'MMM d, yyyy', with time 'h:mm a', English (US).
export const DATE_FORMAT = "MMM d, yyyy";
export const TIME_FORMAT = "h:mm a";

/** A tier written as its name, in every email and screen: "create" is "Create", as in "a Create member". */
export function tierName(tier: string | null | undefined): string {
  return tier ? tier[0]!.toUpperCase() + tier.slice(1) : "";
}

export function formatDate(value: Date | string | number): string {
  return format(new Date(value), DATE_FORMAT, { locale: enUS });
}

export function formatDateTime(value: Date | string | number): string {
  return format(new Date(value), `${DATE_FORMAT} ${TIME_FORMAT}`, { locale: enUS });
}

/**
 * Cents as an amount with two decimals, the one way money is written: "$90.00" on screens and in
 * emails; `{ plain: true }` gives "90.00" (no symbol, no grouping) for a CSV column or a form's field.
 */
export function formatCents(cents: number, currency = "usd", { plain = false }: { plain?: boolean } = {}): string {
  const options: Intl.NumberFormatOptions = plain
    ? { style: "decimal", minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }
    : { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 };
  return new Intl.NumberFormat("en-US", options).format(cents / 100);
}

/**
 * Text cut to at most `length` characters at the last word boundary, closed with an ellipsis when
 * anything was left out (forum previews, event descriptions on cards): no word is cut in half, and
 * no visual line clamp hides text that WCAG 1.4.12's spacing would push out of a box.
 */
export function shortenAtWord(text: string, length: number): string {
  const whole = text.replace(/\s+/g, " ").trim();
  if (whole.length <= length) return whole;
  const cut = whole.slice(0, length + 1);
  const boundary = cut.search(/\s\S*$/);
  const words = (boundary > 0 ? cut.slice(0, boundary) : whole.slice(0, length)).replace(/[\s.,;:!?\-–—]+$/u, "");
  return `${words}…`;
}
