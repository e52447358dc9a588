import { DEMO_PASSWORD, DEMO_USERS } from "@/db/seed/demo-users";

export function printDemoLogins(url: string): void {
  const rows = DEMO_USERS.map((u) => `    ${u.username.padEnd(8)} ${DEMO_PASSWORD}   ${u.role}`);
  console.log(["", `  Open ${url}`, "", "  Demo logins (username, password):", ...rows, ""].join("\n"));
}
