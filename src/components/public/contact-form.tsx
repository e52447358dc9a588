"use client";

import { FormOnDemand, type StandInProps } from "@/components/ui/form-on-demand";
import { ContactFields } from "./contact-fields";

export interface ContactFormProps {
  source: "faq" | "contact";
}

const loadForm = () => import("./contact-form-live").then((m) => m.LiveContactForm);

/**
 * The FAQ and Contact pages' form (name, email, subject, message). Its logic loads when she comes near
 * it (src/components/ui/form-on-demand.tsx); until then the same fields stand in.
 */
export function ContactForm(props: ContactFormProps) {
  return <FormOnDemand load={loadForm} StandIn={ContactStandIn} props={props} />;
}

function ContactStandIn({ source, onReach, onSubmit, formRef }: StandInProps<ContactFormProps>) {
  return (
    <ContactFields
      source={source}
      form={{ ref: formRef, onSubmit, onFocus: onReach, onPointerEnter: onReach, onTouchStart: onReach }}
      field={(name) => ({ name, defaultValue: "" })}
    />
  );
}
