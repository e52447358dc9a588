import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Every schema takes `z` from src/lib/validation.ts, which installs the plain-English error map once.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/validation.ts", "src/lib/validation-messages.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import z from @/lib/validation (it carries the app's validation messages)." }] }],
    },
  },
  {
    // Configuration is read and validated once, in src/lib/env.ts.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/env.ts", "src/instrumentation.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through src/lib/env.ts." },
      ],
    },
  },
]);
