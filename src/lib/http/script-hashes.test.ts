import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { attachScriptPolicy, hashPageScripts, hasScriptPolicy, sha256, staticFileReader } from "./script-hashes.mjs";

// The hash CSP's own examples give for this script (MDN, script-src: "Unsafe inline script").
const HELLO = "alert('Hello, world.');";
const HELLO_HASH = "sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=";

const CHUNK = "self.TURBOPACK_CHUNK = 1;";
const files: Record<string, string> = { "/_next/static/chunks/a1.js": sha256(CHUNK) };
const hashOfFile = (src: string) => files[src] ?? null;

/** A page as Next.js writes one: a preload, chunk scripts, its streamed data, a data block. */
const PAGE = [
  `<html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a1.js"/>`,
  `<script src="/_next/static/chunks/a1.js" async=""></script>`,
  `<script src="https://elsewhere.example/x.js"></script>`,
  `<script type="application/ld+json">{"@type":"Event"}</script></head>`,
  `<body><script>${HELLO}</script><script id="_R_">self.__next_f.push([1,"\\u003cdiv\\u003e"])</script></body></html>`,
].join("");

describe("the scripts of a prerendered page", () => {
  it("hashes each inline script by its exact text, as the browser does", () => {
    expect(sha256(HELLO)).toBe(HELLO_HASH);
    const { hashes } = hashPageScripts(PAGE, hashOfFile);
    expect(hashes).toContain(HELLO_HASH);
    expect(hashes).toContain(sha256(`self.__next_f.push([1,"\\u003cdiv\\u003e"])`));
  });

  it("leaves data blocks alone (they never run) and does not vouch for scripts from elsewhere", () => {
    const { html, hashes } = hashPageScripts(PAGE, hashOfFile);
    expect(hashes).not.toContain(sha256(`{"@type":"Event"}`));
    expect(html).toContain(`<script src="https://elsewhere.example/x.js"></script>`);
    // The two inline scripts and the one chunk: nothing else.
    expect(hashes).toHaveLength(3);
  });

  it("puts the file's integrity on the tags that load Next.js' own files, and vouches for it", () => {
    const { html, hashes } = hashPageScripts(PAGE, hashOfFile);
    const hash = sha256(CHUNK);
    expect(html).toContain(`<script integrity="${hash}" src="/_next/static/chunks/a1.js" async=""></script>`);
    expect(html).toContain(`<link integrity="${hash}" rel="preload" as="script"`);
    expect(hashes).toContain(hash);
  });

  it("keeps an integrity a tag already has, and gives the same page and hashes when run again", () => {
    const first = hashPageScripts(PAGE, hashOfFile);
    const again = hashPageScripts(first.html, hashOfFile);
    expect(again).toEqual(first);
    const pinned = `<script src="/_next/static/chunks/a1.js" integrity="sha384-abc"></script>`;
    expect(hashPageScripts(pinned, hashOfFile)).toEqual({ html: pinned, hashes: ["sha384-abc"] });
  });

  it("reads Next.js' files from the build directory, nothing outside its static folder", () => {
    const distDir = mkdtempSync(path.join(tmpdir(), "script-hashes-"));
    mkdirSync(path.join(distDir, "static/chunks"), { recursive: true });
    writeFileSync(path.join(distDir, "static/chunks/a1.js"), CHUNK);
    writeFileSync(path.join(distDir, "BUILD_ID"), "secret");
    const read = staticFileReader(distDir);
    expect(read("/_next/static/chunks/a1.js")).toBe(sha256(CHUNK));
    expect(read("/_next/static/chunks/missing.js")).toBeNull();
    expect(read("/_next/static/../BUILD_ID")).toBeNull();
    expect(read("/elsewhere/a1.js")).toBeNull();
  });
});

describe("the policy stored with a page", () => {
  const page = () => ({
    kind: "APP_PAGE",
    html: PAGE,
    headers: { "x-next-cache-tags": "_N_T_/layout" } as Record<string, string>,
  });

  it("names the page's hashes and 'strict-dynamic', never 'unsafe-inline', and keeps its other headers", () => {
    const value = attachScriptPolicy(page(), hashOfFile, false);
    const policy = value.headers["content-security-policy"]!;
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toContain(`'${HELLO_HASH}'`);
    expect(scriptSrc).toContain(`'${sha256(CHUNK)}'`);
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(policy).toContain("script-src-attr 'none'");
    expect(value.headers["x-next-cache-tags"]).toBe("_N_T_/layout");
    expect(value.html).toContain(`integrity="${sha256(CHUNK)}"`);
    expect(hasScriptPolicy(value)).toBe(true);
  });

  it("lets nothing run on a page without scripts", () => {
    const empty = { kind: "APP_PAGE", html: "<p>Hello</p>", headers: {} as Record<string, string> };
    const value = attachScriptPolicy(empty, hashOfFile, false);
    expect(value.headers["content-security-policy"]).toMatch(/^script-src 'strict-dynamic' 'self' /);
  });

  it("leaves what is not a page alone", () => {
    const route = { kind: "APP_ROUTE", body: Buffer.from("<script>x()</script>"), headers: {} };
    expect(attachScriptPolicy(route, hashOfFile, false)).toEqual(route);
    expect(hasScriptPolicy(route)).toBe(true);
    expect(hasScriptPolicy(page())).toBe(false);
  });
});
