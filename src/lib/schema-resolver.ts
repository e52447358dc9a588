import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "@/lib/validation";

/** A form's resolver that loads its schema when first needed; `preload` starts that before she submits. */
export type SchemaResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * The resolver of a form whose schema (written once in src/features, the one its API handler parses
 * with) is loaded with the form rather than with the page: the schema library is the largest script
 * a public page would otherwise load, for forms most visitors never open. `load` is a dynamic
 * import; give `preload` to the form's onFocus, so the schema is there by the time she submits.
 * Should it fail to load (a dropped connection), the values go to the server as they are, which
 * checks them with the same schema and answers each field's message.
 */
export function schemaResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
): SchemaResolver<z.input<Schema>, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loading: Promise<Loaded> | undefined;
  const loaded = () =>
    (loading ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Loaded,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Loaded = async (values, context, options) => {
    let resolve: Loaded;
    try {
      resolve = await loaded();
    } catch {
      return { values: values as z.output<Schema>, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
