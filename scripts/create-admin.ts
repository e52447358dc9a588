// npm run admin:create -- --username NAME --email ADDRESS --first-name NAME [--last-name NAME]
// Creates (or promotes) an administrator in the database at DATABASE_URL, or the embedded one (used
// where npm start runs it). The password is read from ADMIN_PASSWORD or asked for on the terminal (none:
// an error); it is never an argument, so it stays out of shell history.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { createDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { newPasswordSchema } from "@/features/auth/schemas";
import { assertMigrated, openDatabase } from "./lib/open-database";
import { runScript } from "./lib/run-script";

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  // Without a terminal (a script, a pipe, CI) there is nobody to ask: say so instead of creating no one.
  if (!process.stdin.isTTY)
    throw new Error(
      "No terminal to ask for the password: set ADMIN_PASSWORD in the environment to run npm run admin:create from a script.",
    );
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  const answer = rl.question("Password for the new administrator: ");
  output._writeToOutput = () => {}; // keep the password off the screen
  const password = await answer;
  rl.close();
  process.stdout.write("\n");
  return password;
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string", default: "" },
    },
  });
  if (!values.username || !values.email || !values["first-name"]) {
    throw new Error(
      "usage: npm run admin:create -- --username NAME --email ADDRESS --first-name NAME [--last-name NAME]",
    );
  }
  const password = newPasswordSchema.parse(await askPassword());
  const database = await openDatabase();
  await assertMigrated(database.url);
  const { db, pool } = createDatabase(database.url, 1);
  try {
    const passwordHash = await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
    if (existing) {
      await db
        .update(users)
        .set({ isAdmin: true, passwordHash, passwordChangedAt: new Date() })
        .where(eq(users.id, existing.id));
    } else {
      await db.insert(users).values({
        username: values.username,
        email: values.email,
        firstName: values["first-name"],
        lastName: values["last-name"] ?? "",
        passwordHash,
        isAdmin: true,
        permissions: { manage_content: true },
      });
    }
    console.log(`Administrator ${values.username} <${values.email}> is ready.`);
  } finally {
    await pool.end();
    await database.close();
  }
}

runScript(main);
