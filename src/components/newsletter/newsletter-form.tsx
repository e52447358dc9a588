"use client";

import { FormOnDemand, type StandInProps } from "@/components/ui/form-on-demand";
import { NewsletterFields } from "./newsletter-fields";

export interface NewsletterFormProps {
  source: "home" | "blog";
  siteName: string;
  id?: string;
}

const loadForm = () => import("./newsletter-form-live").then((m) => m.LiveNewsletterForm);

/**
 * Email, Subscribe, consent text: the home page's and the blog's form. Its logic loads when she comes
 * near it (src/components/ui/form-on-demand.tsx); until then the same fields stand in.
 */
export function NewsletterForm(props: NewsletterFormProps) {
  return <FormOnDemand load={loadForm} StandIn={NewsletterStandIn} props={props} />;
}

function NewsletterStandIn({
  siteName,
  id = "newsletter-email",
  onReach,
  onSubmit,
  formRef,
}: StandInProps<NewsletterFormProps>) {
  return (
    <NewsletterFields
      id={id}
      siteName={siteName}
      form={{ ref: formRef, onSubmit, onFocus: onReach, onPointerEnter: onReach, onTouchStart: onReach }}
      email={{ name: "email", defaultValue: "" }}
    />
  );
}
