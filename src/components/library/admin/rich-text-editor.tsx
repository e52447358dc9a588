"use client";

import * as React from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Undo2,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/hooks/use-toast";
import { errorMessage, uploadFile } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { acceptAttribute } from "@/features/storage/kinds";

interface RichTextEditorProps {
  /** The id of the visible label; the editable area is named by it. */
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The article editor: Tiptap's StarterKit (headings 2-3, lists, quotes, code, links) and images
 * uploaded through the storage module. Whatever it produces is sanitized again on the server.
 * Loaded only on the editor pages (next/dynamic), so no other page carries it.
 */
export default function RichTextEditor({ labelId, value, onChange, invalid, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      Image,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "prose-post min-h-64 rounded-b-md border border-t-0 border-input bg-card px-4 py-3 focus-visible:outline-2 focus-visible:outline-ring",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const [panel, setPanel] = React.useState<"link" | "image" | null>(null);

  return (
    <div data-testid="rich-text-editor">
      {editor ? (
        <Toolbar editor={editor} panel={panel} setPanel={setPanel} />
      ) : (
        <div className="min-h-11 rounded-t-md border border-input bg-muted" />
      )}
      {editor && panel === "link" ? <LinkPanel editor={editor} close={() => setPanel(null)} /> : null}
      {editor && panel === "image" ? <ImagePanel editor={editor} close={() => setPanel(null)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  panel,
  setPanel,
}: {
  editor: Editor;
  panel: "link" | "image" | null;
  setPanel: (panel: "link" | "image" | null) => void;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: { label: string; icon: React.ElementType; pressed?: boolean; disabled?: boolean; run: () => void }[] = [
    { label: "Bold", icon: Bold, pressed: active.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", icon: Italic, pressed: active.italic, run: () => chain().toggleItalic().run() },
    { label: "Strikethrough", icon: Strikethrough, pressed: active.strike, run: () => chain().toggleStrike().run() },
    { label: "Heading", icon: Heading2, pressed: active.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "Subheading", icon: Heading3, pressed: active.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: "Bulleted list", icon: List, pressed: active.bullets, run: () => chain().toggleBulletList().run() },
    {
      label: "Numbered list",
      icon: ListOrdered,
      pressed: active.numbers,
      run: () => chain().toggleOrderedList().run(),
    },
    { label: "Quote", icon: Quote, pressed: active.quote, run: () => chain().toggleBlockquote().run() },
    {
      label: "Link",
      icon: LinkIcon,
      pressed: active.link || panel === "link",
      run: () => setPanel(panel === "link" ? null : "link"),
    },
    {
      label: "Image",
      icon: ImagePlus,
      pressed: panel === "image",
      run: () => setPanel(panel === "image" ? null : "image"),
    },
    { label: "Undo", icon: Undo2, disabled: !active.canUndo, run: () => chain().undo().run() },
    { label: "Redo", icon: Redo2, disabled: !active.canRedo, run: () => chain().redo().run() },
  ];
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-1 rounded-t-md border border-input bg-muted p-1"
    >
      {tools.map((tool) => (
        <Button
          key={tool.label}
          type="button"
          size="icon"
          variant="ghost"
          aria-label={tool.label}
          aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
          disabled={tool.disabled}
          onClick={tool.run}
          className={cn("size-9", tool.pressed && "bg-card text-primary shadow-sm")}
        >
          <tool.icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const [href, setHref] = React.useState<string>(
    () => (editor.getAttributes("link").href as string | undefined) ?? "https://",
  );
  const apply = () => {
    const value = href.trim();
    if (!value || value === "https://") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else if (/^(https?:\/\/|mailto:)/i.test(value))
      editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    else return toastError("Please enter an address starting with https://");
    close();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border border-t-0 border-input bg-card p-3">
      <div className="grid gap-1">
        <Label htmlFor="editor-link">Link address</Label>
        <Input
          id="editor-link"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          className="w-72"
          onKeyDown={(event) => event.key === "Enter" && (event.preventDefault(), apply())}
        />
      </div>
      <Button type="button" size="sm" onClick={apply}>
        Apply link
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => (editor.chain().focus().extendMarkRange("link").unsetLink().run(), close())}
      >
        Remove link
      </Button>
    </div>
  );
}

function ImagePanel({ editor, close }: { editor: Editor; close: () => void }) {
  const [alt, setAlt] = React.useState("");
  const [uploading, setUploading] = React.useState(false);
  async function insert(file: File) {
    setUploading(true);
    try {
      const stored = await uploadFile("library-image", file);
      editor.chain().focus().setImage({ src: stored.url, alt: alt.trim() }).run();
      close();
    } catch (error) {
      toastError("Upload failed", errorMessage(error, "The upload failed. Please try again."));
    } finally {
      setUploading(false);
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-3 border border-t-0 border-input bg-card p-3">
      <div className="grid gap-1">
        <Label htmlFor="editor-image-alt">Image description (for screen readers)</Label>
        <Input id="editor-image-alt" value={alt} onChange={(event) => setAlt(event.target.value)} className="w-72" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="editor-image-file">Image file</Label>
        <input
          id="editor-image-file"
          type="file"
          accept={acceptAttribute("library-image")}
          aria-disabled={uploading || undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file && !uploading) void insert(file);
          }}
          className="text-sm"
        />
      </div>
      {uploading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading...
        </p>
      ) : null}
    </div>
  );
}
