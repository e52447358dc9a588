// node apply-tls.mjs GUIDE NGINX_CONF - puts the guide's TLS example (its ```nginx block, section 7)
// into the installed nginx configuration, as an operator with certificates of her own does: the shipped
// public server block is replaced by the example's two, the example's "# ... the locations ..." line
// by that block's contents (all but its listen and server_name lines).
import { readFileSync, writeFileSync } from "node:fs";

const [guideFile, confFile] = process.argv.slice(2);
const example = readFileSync(guideFile, "utf8").match(/```nginx\n([\s\S]*?)```/)?.[1];
if (!example) throw new Error("the guide has no ```nginx block");
const conf = readFileSync(confFile, "utf8");

const start = conf.search(/^server \{\n\s+listen 80;/m);
if (start < 0) throw new Error("no public server block (listen 80) in the nginx configuration");
let depth = 0;
let end = start;
for (; end < conf.length; end++) {
  if (conf[end] === "{") depth++;
  if (conf[end] === "}" && --depth === 0) break;
}
const body = conf
  .slice(conf.indexOf("{", start) + 1, end)
  .split("\n")
  .filter((line) => !/^\s*(listen|server_name)\s/.test(line))
  .join("\n");
const placeholder = /^\s*# \.\.\. the locations of the shipped server block, unchanged \.\.\.\n/m;
if (!placeholder.test(example)) throw new Error("the guide's TLS example no longer has its placeholder line");
writeFileSync(
  confFile,
  conf.slice(0, start) + example.replace(placeholder, `${body.trim() ? body : ""}\n`) + conf.slice(end + 1),
);
console.log(`(walk) ${confFile}: the public server now as the guide's TLS example`);
