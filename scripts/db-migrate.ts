// npm run db:migrate - apply the committed migrations to DATABASE_URL (npm start also does this).
import { migrateDatabase } from "@/db/migrate";
import { runScript } from "./lib/run-script";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "Set DATABASE_URL to the PostgreSQL server to migrate. (npm start migrates the embedded database by itself.)",
    );
  await migrateDatabase(url);
  console.log("Migrations applied.");
}

runScript(main);
