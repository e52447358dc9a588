import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CourseForm } from "@/components/courses/admin/course-form";
import { OutlineEditor } from "@/components/courses/admin/outline-editor";
import { ArrivalHeading } from "@/components/ui/arrival-heading";
import { ADMIN } from "@/lib/auth/access";
import { pageId } from "@/lib/page-input";
import { requirePageAccess } from "@/server/auth/current-user";
import { getAdminCourse } from "@/server/courses/editor";
import { whereMembersStopIn } from "@/server/courses/reports";
import { WhereMembersStop } from "@/components/courses/admin/where-members-stop";
import { getLadder } from "@/server/levels";

export const metadata: Metadata = { title: "Edit course", robots: { index: false } };

export default async function AdminCoursePage({ params }: PageProps<"/admin/courses/[id]">) {
  const viewer = await requirePageAccess(ADMIN);
  const id = pageId((await params).id);
  const [course, levels, stops] = await Promise.all([
    getAdminCourse(viewer, id),
    getLadder(),
    whereMembersStopIn(viewer, id),
  ]);
  if (!course) notFound();
  const { modules, ...details } = course;
  return (
    <div className="grid gap-10">
      <p>
        <Link href="/admin/courses" className="text-primary underline underline-offset-4">
          Back to courses
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <ArrivalHeading className="text-3xl font-semibold">{course.title}</ArrivalHeading>
        <span className="flex flex-wrap gap-4">
          <Link href={`/courses/${course.slug}`} className="text-primary underline underline-offset-4">
            View as a member
          </Link>
          <Link href={`/admin/courses/${course.id}/preview`} className="text-primary underline underline-offset-4">
            Preview as a tier
          </Link>
          <a
            href={`/api/admin/courses/${course.id}/export`}
            className="text-primary underline underline-offset-4"
            download
          >
            Export progress (CSV)
          </a>
        </span>
      </div>
      <CourseForm course={details} levels={levels} />
      <WhereMembersStop stops={stops} />
      <OutlineEditor
        courseId={course.id}
        modules={modules.map((module) => ({
          ...module,
          unlockDate: module.unlockDate?.toISOString() ?? null,
          lessons: module.lessons.map((lesson) => ({
            ...lesson,
            unlockDate: lesson.unlockDate?.toISOString() ?? null,
          })),
        }))}
      />
    </div>
  );
}
