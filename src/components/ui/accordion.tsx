import * as React from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A list of questions that open one at a time, built on <details name>: the browser keeps one item of
 * a group open, handles Enter and Space, and announces the state, with no JavaScript (the FAQ and
 * Apply pages stay static and light).
 */
export function Accordion({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="accordion" className={className} {...props} />;
}

interface AccordionItemProps extends Omit<React.ComponentProps<"details">, "title"> {
  /** Items sharing a name form one group: opening one closes the others. */
  name: string;
  /** The always-visible line (the question). */
  title: React.ReactNode;
  titleClassName?: string;
}

export function AccordionItem({ name, title, titleClassName, className, children, ...props }: AccordionItemProps) {
  return (
    <details name={name} data-slot="accordion-item" className={cn("group border-b", className)} {...props}>
      <summary
        data-slot="accordion-trigger"
        className={cn(
          "flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
          titleClassName,
        )}
      >
        {title}
        <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div data-slot="accordion-content" className="pb-4 text-sm text-muted-foreground">
        {children}
      </div>
    </details>
  );
}
