// How every operator script ends: its exit code, or its error (and what caused it) with no secret in it.

/** Variables whose values are secrets; their values never appear in what a script prints. */
const SECRET_VARIABLES = [
  "AUTH_SECRET",
  "BIRTH_DATA_KEY",
  "TWO_FACTOR_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "LLM_API_KEY",
  "LUMA_API_KEY",
  "ADMIN_PASSWORD",
  "PGPASSWORD",
];

/**
 * `text` with the passwords of connection URLs (postgres://user:secret@host, smtps://...), libpq's
 * password=..., and the values of the secret variables replaced by "***".
 */
export function redactSecrets(text: string, environment: NodeJS.ProcessEnv = process.env): string {
  let redacted = text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:)[^\s@/]+@/gi, "$1***@")
    .replace(/\bpassword=[^\s&]+/gi, "password=***");
  for (const name of SECRET_VARIABLES) {
    const value = environment[name]?.trim();
    if (value && value.length >= 6) redacted = redacted.split(value).join("***");
  }
  return redacted;
}

/** What PostgreSQL said, as node-postgres hands it on (its DatabaseError): the SQLSTATE code and its notes. */
interface PostgresError extends Error {
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
}

/**
 * An error as an operator needs to read it: its message, then each cause under it. drizzle's
 * "Failed query: CREATE SCHEMA ..." keeps PostgreSQL's own answer ("permission denied for database
 * community", a missing extension's file) in `cause`, which alone says what to fix.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      lines.push(String(current));
      break;
    }
    const { code, severity, detail, hint, message } = current as PostgresError;
    const fromPostgres = Boolean(severity && code);
    lines.push(
      fromPostgres
        ? `PostgreSQL said: ${message} (${severity} ${code})${detail ? `\n  ${detail}` : ""}${hint ? `\n  Hint: ${hint}` : ""}`
        : message,
    );
    current = current.cause;
  }
  return lines.join("\n");
}

export function runScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(redactSecrets(describeError(error)));
      process.exit(1);
    },
  );
}
