import { Accordion, AccordionItem } from "@/components/ui/accordion";

/** One question open at a time. */
export function FaqAccordion({ items }: { items: { question: string; answer: string }[] }) {
  return (
    <Accordion className="rounded-xl border bg-card px-5">
      {items.map((item) => (
        <AccordionItem
          key={item.question}
          name="faq"
          title={item.question}
          titleClassName="text-lg"
          className="last:border-b-0"
        >
          {item.answer}
        </AccordionItem>
      ))}
    </Accordion>
  );
}
