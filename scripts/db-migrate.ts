// npm run db:migrate - apply the committed migrations to DATABASE_URL (npm start also does this).
import { migrateDatabase } from "@/db/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "Set DATABASE_URL to the PostgreSQL server to migrate. (npm start migrates the embedded database by itself.)",
  );
  process.exit(1);
}
migrateDatabase(url).then(
  () => console.log("Migrations applied."),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
