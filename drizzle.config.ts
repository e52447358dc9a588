import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` reads this file; migrations are applied by scripts/lib/migrate.ts at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
  casing: "snake_case",
  strict: true,
});
