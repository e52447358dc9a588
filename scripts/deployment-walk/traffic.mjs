// node traffic.mjs BASE_URL SUMMARY_FILE - visitors' traffic while the walk upgrades: pages, their
// scripts (which must exist whichever release served the page), the session check and failed
// sign-ins, from 4 clients, until SIGTERM; then a summary of the answers. An error is a 5xx, a 404
// for a script, or no answer at all.
import { writeFileSync } from "node:fs";

const [base, summaryFile] = process.argv.slice(2);
const counts = {};
const errors = [];
let running = true;
process.on("SIGTERM", () => (running = false));

const note = (what, status) => {
  const key = `${what} ${status}`;
  counts[key] = (counts[key] ?? 0) + 1;
  const failed = status === "no answer" || status >= 500 || (what.startsWith("script") && status !== 200);
  if (failed) errors.push({ at: new Date().toISOString(), what, status });
};

async function visit(path, init, label = `${init?.method ?? "GET"} ${path.split("?")[0]}`) {
  try {
    const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
    const text = await response.text();
    note(label, response.status);
    return text;
  } catch (error) {
    note(label, "no answer");
    errors.at(-1).error = String(error.cause ?? error);
    return "";
  }
}

async function client(n) {
  for (let i = 0; running; i++) {
    const page = ["/", "/about", "/events", "/membership", "/faq"][i % 5];
    const html = await visit(page);
    const script = html.match(/\/_next\/static\/[^"']+\.js/)?.[0];
    if (script) await visit(script, undefined, `script of ${page}`);
    await visit("/api/auth/me");
    if (i % 10 === n) {
      await visit("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ username: `walk_visitor_${n}`, password: "not-the-password" }),
      });
    }
  }
}

await Promise.all([0, 1, 2, 3].map(client));
const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
writeFileSync(summaryFile, JSON.stringify({ total, errors, counts }, null, 2));
