// Where a library item's media comes from. Shared by the editor's form (validation) and the item
// page (embeds), so it has no server-only imports.

const STORED_FILE_URL = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file uploaded through the storage module (`/api/files/{id}`). */
export const isStoredFileUrl = (url: string) => STORED_FILE_URL.test(url);

/** Our own pictures under public/images (the demo art), or an uploaded image. */
export const isLibraryImageUrl = (url: string) =>
  isStoredFileUrl(url) || /^\/images\/[\w\-./]+\.(svg|png|jpe?g|webp)$/i.test(url);

export type VideoSource =
  { kind: "youtube"; embedUrl: string } | { kind: "vimeo"; embedUrl: string } | { kind: "file"; url: string };

const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * A video address as something we can play: an uploaded MP4, or a YouTube or Vimeo page turned into
 * the provider's privacy-enhanced player (youtube-nocookie.com; Vimeo with dnt=1). Anything else is null.
 */
export function videoSource(address: string): VideoSource | null {
  const value = address.trim();
  if (isStoredFileUrl(value)) return { kind: "file", url: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const parts = url.pathname.split("/").filter(Boolean);

  let youtubeId: string | undefined;
  if (host === "youtu.be") youtubeId = parts[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    youtubeId =
      parts[0] === "watch"
        ? (url.searchParams.get("v") ?? undefined)
        : ["embed", "shorts", "live"].includes(parts[0] ?? "")
          ? parts[1]
          : undefined;
  }
  if (youtubeId !== undefined)
    return YOUTUBE_ID.test(youtubeId)
      ? { kind: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}` }
      : null;

  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const [first, second] = host === "player.vimeo.com" && parts[0] === "video" ? parts.slice(1) : parts;
    if (!first || !/^\d+$/.test(first)) return null;
    // Unlisted videos carry a hash, in the path (vimeo.com/ID/HASH) or as ?h= (the player).
    const hash = second && /^[\da-f]+$/i.test(second) ? second : url.searchParams.get("h");
    const player = new URL(`https://player.vimeo.com/video/${first}`);
    if (hash && /^[\da-f]+$/i.test(hash)) player.searchParams.set("h", hash);
    player.searchParams.set("dnt", "1");
    return { kind: "vimeo", embedUrl: player.toString() };
  }
  return null;
}

/** An address a member may be sent to from an external item: http(s) only. */
export function isWebAddress(address: string): boolean {
  try {
    const url = new URL(address.trim());
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
