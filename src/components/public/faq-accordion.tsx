"use client";

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";

/** Spec 02 section 2.17: one question open at a time. */
export function FaqAccordion({ items }: { items: { question: string; answer: string }[] }) {
  return (
    <Accordion type="single" collapsible className="rounded-xl border bg-card px-5">
      {items.map((item, index) => (
        <AccordionItem key={item.question} value={`q${index}`} className="last:border-b-0">
          <AccordionTrigger className="text-lg">{item.question}</AccordionTrigger>
          <AccordionContent className="text-muted-foreground">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
