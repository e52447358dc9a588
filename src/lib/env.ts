import { z } from "@/lib/validation";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Every environment variable the app reads; README.md lists them all. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .min(1, "DATABASE_URL is required (npm start sets it when it starts the embedded PostgreSQL)"),
    DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
    APP_URL: optionalUrl,
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /** nginx's loopback listener that refreshes a page in its cache (deploy/nginx); unset without a caching proxy. */
    PROXY_CACHE_REFRESH_URL: optionalUrl,
    /** The request log's format (src/server/instance/request-log.ts): a text line, or a JSON object a line. */
    LOG_FORMAT: z.enum(["text", "json"]).default("text"),
    JOBS_ENABLED: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    SMTP_URL: optionalText,
    /** The longest one delivery attempt may take, in seconds (src/server/email/transport.ts). */
    SMTP_ATTEMPT_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
    EMAIL_FROM: optionalText,
    /**
     * DKIM signing of every outgoing email (docs/deployment.md): the signing domain, the selector of the
     * DNS record `<selector>._domainkey.<domain>` and the private key in PEM (newlines may be written \n).
     * All three or none.
     */
    DKIM_DOMAIN: optionalText,
    DKIM_SELECTOR: optionalText,
    DKIM_PRIVATE_KEY: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE_URL: optionalUrl,
    LUMA_API_KEY: optionalText,
    LUMA_API_BASE_URL: z.url().default("https://public-api.luma.com"),
    LLM_API_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    /** How long the assistant waits for the model before answering without it. */
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    BIRTH_DATA_KEY: optionalText,
    /** 32 bytes in base64: seals two-factor secrets (src/server/sealing.ts); `npm start` generates one locally. */
    TWO_FACTOR_KEY: optionalText,
    /** Web Push (RFC 8292 VAPID) keys, base64url; `npm start` generates them into .data/secrets.json. Unset: no push. */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** The contact push services may write to about our pushes (RFC 8292 section 2.1): mailto: or https:. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/, "VAPID_SUBJECT must start with mailto: or https:")
      .default("mailto:no-reply@localhost"),
    /** Push services besides the browsers' own that subscriptions may name (comma-separated origins; the tests' fake). */
    PUSH_SERVICE_ORIGINS: optionalText,
    /** Where the embedded default keeps its data; uploaded files go under its `uploads/` without S3. */
    COMMUNITY_DATA_DIR: z.string().min(1).default(".data"),
    /** S3-compatible storage for uploaded files, used when S3_BUCKET is set (docs/decisions/018-files-uploads.md). */
    S3_BUCKET: optionalText,
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** Another S3-compatible endpoint (MinIO, R2, the tests' stand-in); unset: AWS. */
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
  })
  .superRefine((value, context) => {
    const dkim = [value.DKIM_DOMAIN, value.DKIM_SELECTOR, value.DKIM_PRIVATE_KEY];
    if (dkim.some(Boolean) && !dkim.every(Boolean))
      context.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set together (docs/deployment.md)",
      });
  });

export type Env = z.infer<typeof envSchema>;

/**
 * The secrets a server cannot do without, each named when missing or malformed: AUTH_SECRET signs
 * sessions; BIRTH_DATA_KEY seals birth data; TWO_FACTOR_KEY seals two-factor secrets, so without it an
 * admin's correct code would fail at sign-in. The launcher checks them before it starts anything when
 * DATABASE_URL is set (it generates them for the embedded default), and every instance at start.
 */
export function secretProblems(source: {
  AUTH_SECRET?: string;
  BIRTH_DATA_KEY?: string;
  TWO_FACTOR_KEY?: string;
}): string[] {
  const problems: string[] = [];
  const authSecret = source.AUTH_SECRET?.trim() ?? "";
  if (!authSecret) problems.push("AUTH_SECRET is not set: at least 32 random characters (openssl rand -base64 32).");
  else if (authSecret.length < 32)
    problems.push("AUTH_SECRET is shorter than 32 characters (openssl rand -base64 32).");
  const birthDataKey = source.BIRTH_DATA_KEY?.trim() ?? "";
  if (!birthDataKey)
    problems.push(
      "BIRTH_DATA_KEY is not set: 32 random bytes in base64 (openssl rand -base64 32). It seals birth data.",
    );
  else if (Buffer.from(birthDataKey, "base64").length !== 32)
    problems.push("BIRTH_DATA_KEY is not 32 bytes in base64 (openssl rand -base64 32).");
  const twoFactorKey = source.TWO_FACTOR_KEY?.trim() ?? "";
  if (!twoFactorKey)
    problems.push(
      "TWO_FACTOR_KEY is not set: 32 random bytes in base64 (openssl rand -base64 32). It seals two-factor secrets.",
    );
  else if (Buffer.from(twoFactorKey, "base64").length !== 32)
    problems.push("TWO_FACTOR_KEY is not 32 bytes in base64 (openssl rand -base64 32).");
  return problems;
}

/**
 * The site's public address, which every emailed link, feed link and the cross-site check use (never
 * a request header): required of a deployment, checked by the launcher when DATABASE_URL is set and
 * by every serving instance at start. An origin only (the app is served at the root of its host).
 */
export function appUrlProblems(value: string | undefined): string[] {
  const appUrl = value?.trim() ?? "";
  if (!appUrl)
    return [
      "APP_URL is not set: the site's public address, e.g. https://community.example (every emailed link and the cross-site check use it).",
    ];
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return [`APP_URL is not a URL: ${appUrl}.`];
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return ["APP_URL must start with https:// (or http:// for local use)."];
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
    return [`APP_URL must be the site's origin alone, e.g. ${url.origin}.`];
  return [];
}

/**
 * Outgoing email needs its sender: with SMTP_URL set and EMAIL_FROM not, every email would leave as
 * no-reply@localhost, which mail servers reject or file as spam. Checked by the launcher before it
 * starts anything and by every instance at start.
 */
export function emailProblems(source: { SMTP_URL?: string; EMAIL_FROM?: string }): string[] {
  if (!source.SMTP_URL?.trim() || source.EMAIL_FROM?.trim()) return [];
  return [
    `EMAIL_FROM is not set, and SMTP_URL is: every email would be sent from no-reply@localhost. Set EMAIL_FROM to the sender, e.g. '"Your Community" <hello@community.example>'.`,
  ];
}

let cached: Env | undefined;

/** The validated environment, read once. Throws with every problem listed when it is invalid. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";
