"use client";

import * as React from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { slugify } from "@/lib/slug";

/**
 * The registrations of a form's title and slug fields where the slug follows the title until the
 * editor types a slug of her own (or the record already has one).
 */
export function useSlugFromTitle<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: { title: Path<T>; slug: Path<T> },
  hasSlug: boolean,
) {
  const [edited, setEdited] = React.useState(hasSlug);
  const title = form.register(fields.title);
  const slug = form.register(fields.slug);
  return {
    title: {
      ...title,
      onChange: async (event: React.ChangeEvent<HTMLInputElement>) => {
        await title.onChange(event);
        if (!edited) form.setValue(fields.slug, slugify(event.target.value) as PathValue<T, Path<T>>);
      },
    },
    slug: {
      ...slug,
      onChange: async (event: React.ChangeEvent<HTMLInputElement>) => {
        setEdited(true);
        await slug.onChange(event);
      },
    },
  };
}
