import type { z } from "zod";

// The plain English of a validation failure, for every field whose schema does not word its own
// message (src/lib/validation.ts installs it as zod's error map). Messages name the field the way a
// form labels it ("First name", "Category"), so they read well both beside a field and alone.

/** Field names whose plain label is not their words. */
const LABELS: Record<string, string> = {
  id: "The id",
  q: "The search",
  search: "The search",
  after: "The page link",
  before: "The page link",
  cursor: "The page link",
  url: "The address",
  _: "The request",
};

const EMAIL_MESSAGE = "Please enter a valid email address";
const URL_MESSAGE = "Please enter a valid URL";

/** "firstName" → "First name", "categoryId" → "Category", "ids" → "Ids", and the body itself → "The request". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === "string");
  if (key === undefined) return LABELS._!;
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/);
  if (words.length > 1 && words.at(-1) === "id") words.pop();
  const label = words.join(" ");
  return label ? label[0]!.toUpperCase() + label.slice(1) : LABELS._!;
}

const plural = (count: number | bigint, one: string, many = `${one}s`) =>
  `${count} ${count === 1 || count === BigInt(1) ? one : many}`;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  nan: "a number",
  boolean: "true or false",
  array: "a list",
  tuple: "a list",
  set: "a list",
  date: "a date",
  object: "a set of fields",
  record: "a set of fields",
  map: "a set of fields",
  file: "a file",
};

const FORMATS: Record<string, string> = {
  datetime: "a date and time",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM)",
  duration: "a duration",
  uuid: "an id",
  guid: "an id",
  ipv4: "an IP address",
  ipv6: "an IP address",
  base64: "base64 text",
  base64url: "base64url text",
  json_string: "JSON",
};

function choices(values: readonly unknown[]): string {
  const shown = values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
}

/** `id`, `topicId`: a reference to a row, which is simply "not valid" when it cannot name one. */
function isIdField(path: readonly PropertyKey[] | undefined): boolean {
  const key = [...(path ?? [])].reverse().find((part) => typeof part === "string");
  return typeof key === "string" && (key === "id" || /[a-z]Id$/.test(key));
}

/** zod's error map: a plain sentence for each issue (docs/decisions/001-platform-and-structure.md). */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path);
  if (
    isIdField(issue.path) &&
    ["invalid_type", "too_small", "too_big", "invalid_format"].includes(issue.code ?? "") &&
    issue.input !== undefined &&
    issue.input !== null
  ) {
    return `${label} is not valid.`;
  }
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      if (label === LABELS._ && issue.expected === "object") return "The request body must be a JSON object.";
      return `${label} must be ${KINDS[issue.expected] ?? "of another kind"}.`;
    }
    case "too_small": {
      const { minimum, origin, inclusive } = issue;
      if (origin === "string")
        return Number(minimum) <= 1
          ? `${label} is required.`
          : `${label} must be at least ${plural(minimum, "character")}.`;
      if (origin === "array" || origin === "set")
        return Number(minimum) <= 1
          ? `${label} needs at least one item.`
          : `${label} needs at least ${plural(minimum, "item")}.`;
      if (origin === "date") return `${label} is too early.`;
      if (origin === "file") return `${label} is empty.`;
      return inclusive === false ? `${label} must be more than ${minimum}.` : `${label} must be at least ${minimum}.`;
    }
    case "too_big": {
      const { maximum, origin, inclusive } = issue;
      if (origin === "string") return `${label} must be at most ${plural(maximum, "character")}.`;
      if (origin === "array" || origin === "set") return `${label} can have at most ${plural(maximum, "item")}.`;
      if (origin === "date") return `${label} is too late.`;
      if (origin === "file") return `${label} is too large.`;
      return inclusive === false ? `${label} must be less than ${maximum}.` : `${label} must be at most ${maximum}.`;
    }
    case "invalid_format": {
      if (issue.format === "email") return EMAIL_MESSAGE;
      if (issue.format === "url") return URL_MESSAGE;
      const kind = FORMATS[issue.format];
      return kind ? `${label} must be ${kind}.` : `${label} is not in the right form.`;
    }
    case "invalid_value":
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      if (issue.values.length === 1) return `${label} must be ${choices(issue.values)}.`;
      return issue.values.length <= 8
        ? `${label} must be one of ${choices(issue.values)}.`
        : `${label} is not one of the choices.`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${issue.divisor}.`;
    case "unrecognized_keys": {
      const keys = issue.keys.slice(0, 3).map((key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key));
      return `${issue.keys.length === 1 ? "This field is" : "These fields are"} not accepted here: ${keys.join(", ")}${issue.keys.length > 3 ? "…" : ""}.`;
    }
    default:
      return `${label} is not valid.`;
  }
}
