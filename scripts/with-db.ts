// tsx scripts/with-db.ts <command...> - run a command with the app's database ready (npm run build uses it).
import { spawn } from "node:child_process";
import { prepareDatabase } from "./lib/database";
import { runScript } from "./lib/run-script";

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error("usage: tsx scripts/with-db.ts <command> [args...]");
  const database = await prepareDatabase({ log: (line) => console.log(line) });
  try {
    return await new Promise<number>((resolve) => {
      const child = spawn(command, args, {
        stdio: "inherit",
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...database.env },
      });
      child.on("exit", (code) => resolve(code ?? 1));
    });
  } finally {
    await database.stop();
  }
}

runScript(main);
