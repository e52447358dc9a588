import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";

export interface NginxPorts {
  /** The public listener. */
  listen: number;
  /** The loopback refresh listener (PROXY_CACHE_REFRESH_URL). */
  refresh: number;
  /** The app instances' ports. */
  instances: number[];
}

export interface RunningNginx {
  url: string;
  refreshUrl: string;
  /** https://127.0.0.1:PORT when started with `tls`. */
  tlsUrl?: string;
  /** The shipped access log (community.access.log), here in `dir`. */
  accessLog: string;
  /** The shipped cache folder (/var/cache/nginx/community), here in `dir`. */
  cacheDir: string;
  stop: () => Promise<void>;
}

/** A TLS listener beside the public one, as docs/deployment.md section 7 adds (a certificate of the test's own). */
export interface NginxTls {
  port: number;
  certificate: string;
  key: string;
}

/**
 * Debian's nginx with the shipped configuration (deploy/nginx) in `dir`, rewritten only for this
 * machine's ports and paths, in front of the given instances. `extraServers` is added to the http block.
 */
export async function startNginx(
  dir: string,
  ports: NginxPorts,
  options: { extraServers?: string; tls?: NginxTls } = {},
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error("nginx is needed: apt-get install nginx-light (.ci/run installs it).");
  const snippets = path.join(dir, "snippets");
  mkdirSync(snippets, { recursive: true });
  writeFileSync(path.join(snippets, "proxy-to-app.conf"), readFileSync("deploy/nginx/proxy-to-app.conf", "utf8"));
  const shipped = readFileSync("deploy/nginx/community.conf", "utf8");
  const accessLog = path.join(dir, "access.log");
  const cacheDir = path.join(dir, "cache");
  const { tls } = options;
  const listen = tls
    ? `listen 127.0.0.1:${ports.listen};\n    listen 127.0.0.1:${tls.port} ssl;\n    ssl_certificate ${tls.certificate};\n    ssl_certificate_key ${tls.key};`
    : `listen 127.0.0.1:${ports.listen};`;
  const upstream = ports.instances
    .map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`)
    .join("\n");
  const site = shipped
    .replace(/( {4}server 127\.0\.0\.1:300\d max_fails=3 fail_timeout=10s;\n)+/, `${upstream}\n`)
    .replace("listen 80;", listen)
    .replace("listen 127.0.0.1:8081;", `listen 127.0.0.1:${ports.refresh};`)
    // One release, served from this checkout: its build output is the whole static folder.
    .replace("alias /srv/community/static/;", `alias ${path.join(process.cwd(), ".next/static")}/;`)
    .replaceAll("/srv/community/current", process.cwd())
    .replace("/var/cache/nginx/community", cacheDir)
    .replace("/var/log/nginx/community.access.log", accessLog)
    .replaceAll("include snippets/", `include ${snippets}/`);
  if (
    site === shipped ||
    !site.includes(`127.0.0.1:${ports.instances[0]}`) ||
    site.includes("/srv/community") ||
    site.includes("/var/")
  )
    throw new Error("deploy/nginx/community.conf no longer has the expected upstream, listen and path lines.");
  writeFileSync(path.join(dir, "community.conf"), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `user root;
worker_processes 2;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
  include ${path.join(dir, "community.conf")};
  ${options.extraServers ?? ""}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${ports.listen}`;
  for (const deadline = Date.now() + 15_000; ;) {
    if (
      await fetch(`${url}/robots.txt`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    refreshUrl: `http://127.0.0.1:${ports.refresh}`,
    tlsUrl: tls ? `https://127.0.0.1:${tls.port}` : undefined,
    accessLog,
    cacheDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}
