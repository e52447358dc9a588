import { DataTable } from "@/components/ui/data-table";

/**
 * "Where members stop" on the admin's course page: for members who started the course and have not
 * finished it, the lesson each is stopped at (her first not yet complete), most members first.
 */
export function WhereMembersStop({ stops }: { stops: { lessonId: number; title: string; members: number }[] }) {
  return (
    <section aria-labelledby="where-members-stop-heading" className="grid gap-4">
      <h2 id="where-members-stop-heading" className="text-xl font-semibold">
        Where members stop
      </h2>
      <DataTable
        caption="The lesson each member who started and has not finished is at, most members first"
        columns={["Lesson", "Members stopped here"]}
        empty="Nobody is part way through this course yet."
        isEmpty={stops.length === 0}
      >
        {stops.map((stop) => (
          <tr key={stop.lessonId} className="border-b last:border-b-0">
            <td className="px-4 py-3">{stop.title}</td>
            <td className="px-4 py-3">{stop.members}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
