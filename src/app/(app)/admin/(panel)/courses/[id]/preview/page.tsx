import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CheckCircle2, Lock } from "lucide-react";
import { lockText } from "@/components/courses/course-parts";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { TIER_IDS } from "@/features/membership/constants";
import { coursePreviewQuerySchema } from "@/features/courses/schemas";
import { ADMIN } from "@/lib/auth/access";
import { tierName } from "@/lib/format";
import { pageId, pageQuery } from "@/lib/page-input";
import { requirePageAccess } from "@/server/auth/current-user";
import { previewCourse, previewLesson } from "@/server/courses/preview";

/** A lock as the member's page receives it (its date as JSON), for the members' own words. */
const lockWords = (lock: { opensAt: Date | null } & Omit<Parameters<typeof lockText>[0], "opensAt">) =>
  lockText({ ...lock, opensAt: lock.opensAt?.toISOString() ?? null });

export const metadata: Metadata = { title: "Preview course", robots: { index: false } };

/**
 * "Preview as a tier": the course and its lessons as a new member of the chosen tier sees them (what
 * is locked and why, the tier's gate), read by the members' own calls (src/server/courses/preview.ts).
 */
export default async function CoursePreviewPage({ params, searchParams }: PageProps<"/admin/courses/[id]/preview">) {
  const viewer = await requirePageAccess(ADMIN);
  const id = pageId((await params).id);
  const query = pageQuery(coursePreviewQuerySchema, await searchParams);
  const course = await previewCourse(viewer, id, query.tier);
  if (!course) notFound();
  const opened = query.lesson ? await previewLesson(viewer, id, query.tier, query.lesson) : null;
  const base = `/admin/courses/${id}/preview?tier=${query.tier}`;
  return (
    <div className="grid gap-8">
      <p>
        <Link href={`/admin/courses/${id}`} className="text-primary underline underline-offset-4">
          Back to the course
        </Link>
      </p>
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold">{`Preview: ${course.title}`}</h1>
        <p className="text-muted-foreground">
          {`As a new ${tierName(query.tier)} member sees it: not started, at level 1.`}
        </p>
      </div>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="preview-tier" className="text-sm font-medium">
            Preview as
          </label>
          <NativeSelect id="preview-tier" name="tier" defaultValue={query.tier} className="w-auto">
            {TIER_IDS.map((tier) => (
              <option key={tier} value={tier}>
                {tierName(tier)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">Show preview</Button>
      </form>
      {course.locked ? (
        <p data-testid="preview-gate" className="rounded-xl border p-4">
          {`Locked: this course opens to ${tierName(course.requiredMembershipLevel)} members and above. She sees its card, not its lessons.`}
        </p>
      ) : (
        <section aria-labelledby="preview-outline-heading" className="grid gap-4">
          <h2 id="preview-outline-heading" className="text-xl font-semibold">
            Lessons
          </h2>
          {course.levelLocked && course.requiredLevel ? (
            <p className="rounded-xl border p-4">
              {`Opens at level ${course.requiredLevel.level}: ${course.requiredLevel.name}. She reads the outline, not the lessons.`}
            </p>
          ) : null}
          {course.modules.map((module) => (
            <div key={module.id} className="grid gap-2">
              <h3 className="font-semibold">{module.title}</h3>
              <ul className="grid gap-2" aria-label={module.title}>
                {module.lessons.map((lesson) => (
                  <li key={lesson.id} data-testid="preview-lesson" className="flex flex-wrap items-center gap-2">
                    {lesson.lock ? (
                      <Lock aria-hidden className="size-4" />
                    ) : (
                      <CheckCircle2 aria-hidden className="size-4" />
                    )}
                    <Link
                      href={`${base}&lesson=${encodeURIComponent(lesson.slug)}`}
                      className="text-primary underline underline-offset-4"
                    >
                      {lesson.title}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {lesson.lock ? `Locked. ${lockWords(lesson.lock)}` : "Open"}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      {opened ? (
        <section aria-labelledby="preview-lesson-heading" className="grid gap-4 rounded-xl border p-6">
          <h2 id="preview-lesson-heading" className="text-2xl font-semibold">
            {opened.lesson?.title ?? query.lesson}
          </h2>
          {opened.refusal ? (
            <p data-testid="preview-refusal">{`Refused: ${opened.refusal}`}</p>
          ) : opened.lesson?.lock ? (
            <p data-testid="preview-refusal">{`Not open yet. ${lockWords(opened.lesson.lock)}.`}</p>
          ) : (
            // Sanitized as for a member (getCourseLesson): only the editor's own markup.
            <div className="prose-post" dangerouslySetInnerHTML={{ __html: opened.lesson?.content ?? "" }} />
          )}
        </section>
      ) : null}
    </div>
  );
}
