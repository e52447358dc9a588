import Link from "next/link";
import { Button } from "@/components/ui/button";

const DEFAULT_TITLE = "Join Our Community";
const DEFAULT_TEXT = "Apply for membership and become part of a global family of creatives, leaders and healers.";

/** The join call-to-action block, anchor "join", with Apply for Membership and Contact Us. */
export function JoinCta({ title = DEFAULT_TITLE, text = DEFAULT_TEXT }: { title?: string; text?: string }) {
  return (
    <section id="join" aria-labelledby="join-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="join-heading" className="text-3xl font-semibold text-balance">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-foreground/90 whitespace-pre-line">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="secondary">
            <Link href="/apply">Apply for Membership</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
          >
            <Link href="/contact">Contact Us</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
