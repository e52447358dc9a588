"use client";

import * as React from "react";
import { fallbackImage } from "@/features/events/rules";
import { cn } from "@/lib/utils";

/**
 * An event's picture. Without one it shows a local fallback picked by id; when a picture fails to
 * load it rotates through the fallbacks, stopping after one full round.
 */
export function EventImage({
  eventId,
  src,
  alt = "",
  className,
}: {
  eventId: number;
  src: string | null;
  alt?: string;
  className?: string;
}) {
  const [failures, setFailures] = React.useState(src ? 0 : 1);
  const current = failures === 0 && src ? src : fallbackImage(eventId, failures);
  const ref = React.useRef<HTMLImageElement>(null);
  const fail = React.useCallback(() => setFailures((n) => (n < 5 ? n + 1 : n)), []);
  // A server-rendered image can fail before React hydrates and attaches onError: check once mounted.
  React.useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) fail();
  }, [fail]);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- covers come from any host (Luma's CDN, admins' links); next/image would need each host configured
    <img ref={ref} src={current} alt={alt} loading="lazy" className={cn("object-cover", className)} onError={fail} />
  );
}
