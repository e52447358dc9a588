import type * as React from "react";
import { Download, ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { LibraryItem } from "@/features/library/types";
import { videoSource } from "@/features/library/media";
import type { Jsonified } from "@/lib/json";

// HTML for articles, a video, a 600 px PDF embed with a download link, or an
// external link. Only rendered for a member whose tier opens the item (the server sent the content).

const PDF_EMBED_HEIGHT = 600;

export function ItemContent({
  item,
}: {
  item: Pick<
    Jsonified<LibraryItem>,
    "contentType" | "content" | "videoUrl" | "attachmentUrl" | "externalUrl" | "title"
  >;
}) {
  if (item.contentType === "article") {
    // Sanitized on save and again when read (getLibraryItem): only the editor's own markup is left.
    return (
      <div className="prose-post" data-testid="article-body" dangerouslySetInnerHTML={{ __html: item.content ?? "" }} />
    );
  }
  if (item.contentType === "video") {
    const source = videoSource(item.videoUrl ?? "");
    if (!source) return <p className="text-muted-foreground">This video is not available.</p>;
    if (source.kind === "file") return <StoredVideo src={source.url} />;
    return <VideoEmbed src={source.embedUrl} title={item.title} />;
  }
  if (item.contentType === "pdf" && item.attachmentUrl)
    return <PdfDocument src={item.attachmentUrl} title={item.title} />;
  if (item.contentType === "external" && item.externalUrl) {
    return (
      <div className="rounded-xl border bg-card p-6">
        <p className="mb-4 text-muted-foreground">This resource lives on another website and opens in a new tab.</p>
        <Button asChild>
          <a href={item.externalUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> Open the resource<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    );
  }
  return null;
}

/** An uploaded MP4, streamed from /api/files with byte ranges; a course lesson follows its progress. */
export function StoredVideo({ src, ...props }: React.ComponentProps<"video"> & { src: string }) {
  return (
    <video
      controls
      preload="metadata"
      src={src}
      className="aspect-video w-full rounded-xl bg-black"
      data-testid="video-player"
      {...props}
    >
      <a href={`${src}?download=1`}>Download the video</a>
    </video>
  );
}

/** A YouTube or Vimeo player (videoSource in src/features/library/media.ts gives its privacy-enhanced address). */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={`Video: ${title}`}
      data-testid="video-embed"
      className="aspect-video w-full rounded-xl border"
      allow="encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
      loading="lazy"
    />
  );
}

/** An uploaded PDF shown in a 600 px frame, with its download. */
export function PdfDocument({ src, title }: { src: string; title: string }) {
  return (
    <div className="grid gap-3">
      <iframe
        src={src}
        title={`PDF: ${title}`}
        data-testid="pdf-embed"
        style={{ height: PDF_EMBED_HEIGHT }}
        className="w-full rounded-xl border"
      />
      <p>
        <Button asChild variant="outline">
          <a href={`${src}?download=1`} download>
            <Download aria-hidden /> Download PDF
          </a>
        </Button>
      </p>
    </div>
  );
}
