import Link from "next/link";
import { Button } from "@/components/ui/button";
import { getSiteSettings } from "@/server/settings";

export default async function HomePage() {
  const settings = await getSiteSettings();
  return (
    <section className="mx-auto max-w-4xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold sm:text-5xl">{settings.tagline}</h1>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link href="/membership">Explore Membership</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/events">View Events</Link>
        </Button>
      </div>
    </section>
  );
}
