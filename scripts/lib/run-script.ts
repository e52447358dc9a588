// How every operator script ends: its exit code, or its error on one line with no secret in it.

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

export function runScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(redactSecrets(error instanceof Error ? error.message : String(error)));
      process.exit(1);
    },
  );
}
