"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, ApiError } from "@/lib/api-client";
import { sectionRole } from "@/features/cms/page-layout";
import {
  CMS_PAGES,
  cmsContentSchema,
  NEW_SECTION,
  type CmsContent,
  type CmsContentInput,
} from "@/features/cms/schemas";

type Page = (typeof CMS_PAGES)[number];
type EditableSection = CmsContentInput[Page][number];
const PAGE_LABELS: Record<Page, string> = {
  home: "Home",
  about: "About",
  membership: "Membership",
  community: "Community",
};
const QUERY_KEY = ["cms-content"];

/** Four tabs of sections, Add Section, delete, Save Changes; loading, editing, saving. */
export function ContentEditor() {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: QUERY_KEY, queryFn: () => apiRequest<CmsContent>("GET", "/api/cms/content") });
  const [draft, setDraft] = React.useState<CmsContentInput | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const newIds = React.useRef(0);

  React.useEffect(() => {
    if (loaded.isError)
      toastError("Error Loading Content", "Could not load the editable content. Please try again later.");
  }, [loaded.isError]);

  const content = draft ?? loaded.data ?? null;
  const save = useMutation({
    mutationFn: (input: CmsContentInput) => apiRequest<CmsContent>("PUT", "/api/cms/content", input),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEY, saved);
      setDraft(null); // the saved state is kept: what the server stored, with real ids
      setErrors({});
      toast({ title: "Content Saved", description: "Your changes have been saved successfully." });
    },
    onError: (error) => {
      // The draft stays as it was, so nothing typed is lost.
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toastError("Error Saving Content", "Could not save the content changes. Please try again later.");
    },
  });

  if (loaded.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading content...
      </p>
    );
  }
  if (!content) {
    return (
      <div role="alert" className="rounded-lg border border-destructive p-4">
        <p className="font-semibold">Error Loading Content</p>
        <p>Could not load the editable content. Please try again later.</p>
      </div>
    );
  }

  const update = (page: Page, change: (sections: EditableSection[]) => EditableSection[]) =>
    setDraft({ ...content, [page]: change([...content[page]]) });
  const onSave = () => {
    const parsed = cmsContentSchema.safeParse(content);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      toastError("Error Saving Content", "Could not save the content changes. Please try again later.");
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <div>
      <Tabs defaultValue="home">
        <TabsList aria-label="Page">
          {CMS_PAGES.map((page) => (
            <TabsTrigger key={page} value={page}>
              {PAGE_LABELS[page]}
            </TabsTrigger>
          ))}
        </TabsList>
        {CMS_PAGES.map((page) => (
          <TabsContent key={page} value={page} className="mt-6">
            {/* Moving or deleting a section moves or takes away the button she pressed: RowFocusScope keeps her focus. */}
            <RowFocusScope>
              <ol className="grid gap-5">
                {content[page].map((section, index) => {
                  const key = `${page}.${index}`;
                  const label = `${PAGE_LABELS[page]} section ${index + 1}`;
                  return (
                    <li key={section.id} className="rounded-xl border bg-card p-5" data-row>
                      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                        <p className="text-sm font-medium text-muted-foreground">
                          Section {index + 1}: {sectionRole(page, index)}
                        </p>
                        <div className="flex gap-1">
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${label} up`}
                            aria-disabled={index === 0 || save.isPending || undefined}
                            onClick={() => update(page, (s) => swap(s, index, index - 1))}
                          >
                            <ArrowUp aria-hidden="true" />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${label} down`}
                            aria-disabled={index === content[page].length - 1 || save.isPending || undefined}
                            onClick={() => update(page, (s) => swap(s, index, index + 1))}
                          >
                            <ArrowDown aria-hidden="true" />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${label}`}
                            aria-disabled={save.isPending || undefined}
                            onClick={() => update(page, (s) => s.filter((_, i) => i !== index))}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </div>
                      </div>
                      <div className="grid gap-4">
                        <FormField label="Section Title" id={`${page}-${index}-title`} error={errors[`${key}.title`]}>
                          <Input
                            value={section.title}
                            readOnly={save.isPending}
                            onChange={(e) =>
                              update(page, (s) => s.map((x, i) => (i === index ? { ...x, title: e.target.value } : x)))
                            }
                          />
                        </FormField>
                        <FormField label="Content" id={`${page}-${index}-content`} error={errors[`${key}.content`]}>
                          <Textarea
                            rows={4}
                            value={section.content}
                            readOnly={save.isPending}
                            onChange={(e) =>
                              update(page, (s) =>
                                s.map((x, i) => (i === index ? { ...x, content: e.target.value } : x)),
                              )
                            }
                          />
                        </FormField>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </RowFocusScope>
            <Button
              type="button"
              variant="outline"
              className="mt-5"
              aria-disabled={save.isPending || undefined}
              onClick={() =>
                update(page, (s) => [
                  ...s,
                  { id: `new-${Date.now()}-${newIds.current++}`, ...NEW_SECTION, position: s.length },
                ])
              }
            >
              <Plus aria-hidden="true" /> Add Section
            </Button>
          </TabsContent>
        ))}
      </Tabs>
      <div className="mt-8 flex items-center gap-4 border-t pt-6">
        <Button type="button" size="lg" onClick={onSave} pending={save.isPending} pendingLabel="Saving...">
          Save Changes
        </Button>
        {draft ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
      </div>
    </div>
  );
}

function swap<T>(items: T[], a: number, b: number): T[] {
  [items[a], items[b]] = [items[b]!, items[a]!];
  return items;
}
