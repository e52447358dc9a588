import type { Metadata } from "next";
import Link from "next/link";
import { CourseForm } from "@/components/courses/admin/course-form";
import { DataTable } from "@/components/ui/data-table";
import { ADMIN } from "@/lib/auth/access";
import { tierName } from "@/lib/format";
import { requirePageAccess } from "@/server/auth/current-user";
import { listAdminCourses } from "@/server/courses/editor";
import { whereMembersStop } from "@/server/courses/reports";
import { getLadder } from "@/server/levels";

export const metadata: Metadata = { title: "Courses", robots: { index: false } };

/** "Lesson title (3 members)": the lesson most unfinished members are stopped at. */
function stopText(stop: { title: string; members: number } | undefined): string {
  if (!stop) return "Nobody yet";
  return `${stop.title} (${stop.members} ${stop.members === 1 ? "member" : "members"})`;
}

export default async function AdminCoursesPage() {
  const viewer = await requirePageAccess(ADMIN);
  const [courses, stops, levels] = await Promise.all([listAdminCourses(viewer), whereMembersStop(viewer), getLadder()]);
  return (
    <div className="grid gap-10">
      <div>
        <h1 className="text-3xl font-semibold">Courses</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Courses members take lesson by lesson. A draft is seen only by admins; publish it when it is ready.
        </p>
      </div>
      <DataTable
        caption="Courses, in the order members see them"
        columns={[
          "Course",
          "Status",
          "Who may take it",
          "Lessons",
          "Enrolments",
          "Completion rate",
          "Where members stop",
        ]}
        empty="No courses yet."
        isEmpty={courses.length === 0}
      >
        {courses.map((course) => (
          <tr key={course.id} className="border-b last:border-b-0">
            <td className="px-4 py-3">
              <Link href={`/admin/courses/${course.id}`} className="text-primary underline-offset-4 hover:underline">
                {course.title}
              </Link>
            </td>
            <td className="px-4 py-3">{course.status === "published" ? "Published" : "Draft"}</td>
            <td className="px-4 py-3">
              {course.requiredMembershipLevel
                ? `${tierName(course.requiredMembershipLevel)} and above`
                : "Every member"}
              {course.requiredLevel ? `, from level ${course.requiredLevel}` : ""}
            </td>
            <td className="px-4 py-3">{course.lessons}</td>
            <td className="px-4 py-3">{course.enrolments}</td>
            <td className="px-4 py-3">
              {course.completionRate === null
                ? "None yet"
                : `${course.completionRate}% (${course.completions} finished)`}
            </td>
            <td className="px-4 py-3">{stopText(stops.get(course.id))}</td>
          </tr>
        ))}
      </DataTable>
      <section aria-labelledby="new-course-heading" className="grid gap-4">
        <h2 id="new-course-heading" className="text-xl font-semibold">
          New course
        </h2>
        <CourseForm levels={levels} />
      </section>
    </div>
  );
}
