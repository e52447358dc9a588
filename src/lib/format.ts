import { format } from "date-fns";
import { enUS } from "date-fns/locale";

// Spec 01 section 9 and 02 section 9: dates as 'MMM d, yyyy', with time 'h:mm a', English (US).
export const DATE_FORMAT = "MMM d, yyyy";
export const TIME_FORMAT = "h:mm a";

export function formatDate(value: Date | string | number): string {
  return format(new Date(value), DATE_FORMAT, { locale: enUS });
}

export function formatDateTime(value: Date | string | number): string {
  return format(new Date(value), `${DATE_FORMAT} ${TIME_FORMAT}`, { locale: enUS });
}

/** Cents as dollars with two decimals, e.g. 9000 -> "$90.00". */
export function formatCents(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(cents / 100);
}
