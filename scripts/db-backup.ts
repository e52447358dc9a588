// npm run db:backup [-- <directory>] - the database (pg_dump) and the uploaded files, into one directory.
import path from "node:path";
import { backup, uploadsDir } from "./lib/backup";
import { DATA_DIR } from "./lib/local-secrets";
import { runScript } from "./lib/run-script";

async function main() {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const outDir = path.resolve(process.argv[2] ?? path.join(DATA_DIR, "backups", stamp));
  const manifest = await backup(outDir);
  console.log(`Backup written to ${outDir}`);
  console.log(
    `  database.dump: PostgreSQL ${manifest.serverVersion}, ${manifest.migrations} migrations (restore with npm run db:restore -- ${outDir})`,
  );
  if (manifest.uploads === "s3")
    console.log(`  uploaded files stay in the S3 bucket ${manifest.bucket}: keep it versioned or replicated`);
  else if (manifest.uploadedFiles)
    console.log(`  uploads/: the ${manifest.uploadedFiles} uploaded file${manifest.uploadedFiles === 1 ? "" : "s"}`);
  else console.log(`  no uploaded files yet (none under ${uploadsDir()})`);
  console.log(
    "  Not included: AUTH_SECRET, BIRTH_DATA_KEY and TWO_FACTOR_KEY (.data/secrets.json for the embedded default). Keep them apart from the backup: birth data and two-factor secrets cannot be read without their keys.",
  );
}

runScript(main);
