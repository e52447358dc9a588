"use client";

import Link from "next/link";
import { GatingPanel } from "@/components/membership/gating-panel";
import { Badge } from "@/components/ui/badge";
import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { ApiError } from "@/lib/api-client";
import { hasPermission } from "@/lib/auth/access";
import type { LibraryCategory, LibraryTag } from "@/features/library/types";
import { CategoryCarousel } from "./category-carousel";
import { tierName } from "@/lib/format";
import { CategoryIcon } from "./labels";
import { LibraryBrowser } from "./library-browser";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

// The library's pages are prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md):
// what her tier opens, the categories, tags and items, loads here. Taxonomy changes rarely, so it is not
// asked again on every visit; the items are.

const useCategories = () => useMemberQuery<LibraryCategory[]>("library", "/api/content/categories", { fresh: false });
const useTags = () => useMemberQuery<LibraryTag[]>("library", "/api/content/tags", { fresh: false });

/** Editors (manage_content) get the links to the editor; the server checks again on every call. */
function useCanEditLibrary(): boolean {
  const { user } = useCurrentUser();
  return user !== null && hasPermission(user, "manage_content");
}

/** /library: the category carousel, the three tabs, the filters and the cards. */
export function LibraryHome() {
  const categories = useCategories();
  const tags = useTags();
  const chips = useMemberQuery<LibraryTag[]>("library", "/api/content/tags?popular=1");
  const canEdit = useCanEditLibrary();
  return (
    <div className="grid gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-semibold">Library</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            Articles, recorded sessions, workbooks and links chosen by members and mentors.
          </p>
        </div>
        {canEdit ? (
          <Link href="/admin/library" className="text-sm font-medium text-primary underline underline-offset-4">
            Manage the library
          </Link>
        ) : null}
      </header>
      <CategoryCarousel categories={categories.data ?? []} />
      <LibraryBrowser withTabs categories={categories.data} tags={tags.data} chips={chips.data} canCreate={canEdit} />
    </div>
  );
}

const BackToLibrary = () => (
  <p>
    <Link href="/library" className="text-sm text-primary underline underline-offset-4">
      ← All of the library
    </Link>
  </p>
);

/** /library/category/{slug}: a header, the gating panel when her tier is below the category's, filters and items. */
export function LibraryCategoryView() {
  const slug = usePathSegment(2);
  const { user } = useCurrentUser();
  const category = useMemberQuery<LibraryCategory>("library", `/api/content/categories/${encodeURIComponent(slug)}`, {
    fresh: false,
  });
  const tags = useTags();
  const chips = useMemberQuery<LibraryTag[]>("library", `/api/content/categories/${encodeURIComponent(slug)}/tags`);
  const canEdit = useCanEditLibrary();
  useDocumentTitle(category.data?.name);
  if (category.error instanceof ApiError && category.error.status === 404)
    return <NotFoundPanel title="Category Not Found" href="/library" returnLabel="Return to Library" />;
  return (
    <div className="grid gap-8">
      <BackToLibrary />
      <QueryStatus query={category} what="category">
        {(data) => (
          <>
            <header className="grid gap-3">
              <div className="flex flex-wrap items-center gap-3">
                <CategoryIcon name={data.icon} className="size-8 text-primary" />
                <h1 className="text-4xl font-semibold">{data.name}</h1>
                {data.isPublic ? null : (
                  <Badge variant="secondary">
                    Members Only{data.requiredMembershipLevel ? ` · ${tierName(data.requiredMembershipLevel)}` : ""}
                  </Badge>
                )}
              </div>
              {data.description ? <p className="max-w-2xl text-lg text-muted-foreground">{data.description}</p> : null}
            </header>
            {data.locked ? (
              <GatingPanel
                level={data.requiredMembershipLevel}
                memberLevel={user?.membershipLevel ?? null}
                what="This category"
              />
            ) : null}
            <LibraryBrowser fixed={{ category: data.slug }} tags={tags.data} chips={chips.data} canCreate={canEdit} />
          </>
        )}
      </QueryStatus>
    </div>
  );
}

/** /library/tag/{slug}: '#tag' and its items. */
export function LibraryTagView() {
  const slug = usePathSegment(2);
  const tag = useMemberQuery<LibraryTag>("library", `/api/content/tags/${encodeURIComponent(slug)}`, { fresh: false });
  const categories = useCategories();
  useDocumentTitle(tag.data ? `#${tag.data.name}` : undefined);
  if (tag.error instanceof ApiError && tag.error.status === 404)
    return <NotFoundPanel title="Tag Not Found" href="/library" returnLabel="Return to Library" />;
  return (
    <div className="grid gap-8">
      <BackToLibrary />
      <QueryStatus query={tag} what="tag">
        {(data) => (
          <>
            <h1 className="text-4xl font-semibold">#{data.name}</h1>
            <LibraryBrowser fixed={{ tag: data.slug }} categories={categories.data} />
          </>
        )}
      </QueryStatus>
    </div>
  );
}
