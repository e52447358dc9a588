// npm run db:seed - put the demo data into the database at DATABASE_URL (or the embedded one).
import { createDatabase } from "@/db/client";
import { isDemoSeeded, seedDemoData } from "@/db/seed/demo";
import { prepareDatabase } from "./lib/database";
import { printDemoLogins } from "./lib/demo-logins";
import { runScript } from "./lib/run-script";

async function main() {
  const database = await prepareDatabase({ log: (line) => console.log(line) });
  const url = process.env.DATABASE_URL ?? database.env.DATABASE_URL!;
  const { db, pool } = createDatabase(url, 2);
  try {
    if (await isDemoSeeded(db)) {
      console.log("Demo data is already there.");
    } else {
      await seedDemoData(db);
      console.log("Demo data seeded.");
    }
    printDemoLogins(process.env.APP_URL ?? "http://localhost:3000");
  } finally {
    await pool.end();
    await database.stop();
  }
}

runScript(main);
