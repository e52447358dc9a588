import { CalendarHeart, HeartHandshake, Library, Network } from "lucide-react";

// The four membership benefits of the home page, beside the sign-in forms.
const BENEFITS = [
  { icon: HeartHandshake, title: "Supportive community", text: "A circle of womxn who show up for each other." },
  {
    icon: CalendarHeart,
    title: "Exclusive member-only events",
    text: "Gatherings, workshops and retreats for members.",
  },
  { icon: Library, title: "Resource library", text: "Articles, videos and guides from the community." },
  { icon: Network, title: "Networking opportunities", text: "Meet creatives and leaders who share your path." },
];

export function AuthPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
      <section aria-labelledby="auth-title" className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-3xl font-semibold">
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </section>
      {/* As tall as its content, and in view while a long form (the application) scrolls past: stretched to
          the form's height it was mostly an empty coloured box. */}
      <aside
        aria-labelledby="benefits-title"
        className="self-start rounded-xl bg-secondary p-6 sm:p-8 md:sticky md:top-24"
      >
        <h2 id="benefits-title" className="text-2xl font-semibold text-secondary-foreground">
          Member benefits
        </h2>
        <ul className="mt-6 space-y-5">
          {BENEFITS.map(({ icon: Icon, title: benefit, text }) => (
            <li key={benefit} className="flex gap-4">
              <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">{benefit}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
