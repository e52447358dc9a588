// npm run db:restore -- <directory> [--replace] - restore a backup made by db:backup (pg_restore and the uploaded files).
import path from "node:path";
import { restore } from "./lib/backup";
import { runScript } from "./lib/run-script";

async function main() {
  const args = process.argv.slice(2);
  const from = args.find((a) => !a.startsWith("--"));
  if (!from) throw new Error("usage: npm run db:restore -- <backup directory> [--replace]");
  const manifest = await restore(path.resolve(from), { replace: args.includes("--replace") });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.migrations} migrations). Start the app as usual; it applies any newer migrations.`,
  );
}

runScript(main);
