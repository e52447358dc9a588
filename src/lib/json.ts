/** A server value as it arrives through JSON: dates become ISO strings. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends (infer Item)[]
    ? Jsonified<Item>[]
    : T extends object
      ? { [Key in keyof T]: Jsonified<T[Key]> }
      : T;
