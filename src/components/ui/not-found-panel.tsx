import Link from "next/link";
import { Button } from "@/components/ui/button";

/** A member page's "… Not Found" ('Content Not Found', 'Lesson Not Found'), with the way back to its section. */
export function NotFoundPanel({ title, href, returnLabel }: { title: string; href: string; returnLabel: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-muted-foreground">It may have been moved or removed.</p>
      <Button asChild className="mt-8">
        <Link href={href}>{returnLabel}</Link>
      </Button>
    </section>
  );
}
