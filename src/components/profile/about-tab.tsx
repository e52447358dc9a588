import type { PublicProfile } from "@/features/profiles/types";

/** About: bio, interests and community engagement (joined year, events attended, mentor yes or no). */
export function AboutTab({ profile }: { profile: PublicProfile }) {
  return (
    <div className="grid gap-8 md:grid-cols-3">
      <section className="md:col-span-2" aria-labelledby="about-bio">
        <h2 id="about-bio" className="text-xl font-semibold">
          About
        </h2>
        <p className="mt-2 whitespace-pre-line">{profile.bio || "No bio yet."}</p>
        <h2 className="mt-6 text-xl font-semibold">Interests</h2>
        {profile.interests.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {profile.interests.map((interest) => (
              <li key={interest} className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
                {interest}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-muted-foreground">No interests listed yet.</p>
        )}
      </section>
      <section aria-labelledby="about-engagement" className="rounded-lg border p-4">
        <h2 id="about-engagement" className="text-lg font-semibold">
          Community engagement
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt>Joined</dt>
          <dd className="font-medium">{profile.joinedYear}</dd>
          <dt>Events attended</dt>
          <dd className="font-medium">{profile.eventsAttended}</dd>
          <dt>Mentor</dt>
          <dd className="font-medium">{profile.isMentor ? "Yes" : "No"}</dd>
        </dl>
      </section>
    </div>
  );
}
