import { cn } from "@/lib/utils";

/** The count over an icon (the bell, Messages): hidden from screen readers, whose name carries the count. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground",
        className,
      )}
    >
      {count > 99 ? "99+" : String(count)}
    </span>
  );
}
