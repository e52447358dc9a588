// Types of script-hashes.mjs.
export function sha256(content: string | Buffer): string;
export function staticFileReader(distDir: string): (src: string) => string | null;
export function hashPageScripts(
  html: string,
  hashOfFile: (src: string) => string | null,
): { html: string; hashes: string[] };
export function attachScriptPolicy<T>(value: T, hashOfFile: (src: string) => string | null, dev: boolean): T;
export function hasScriptPolicy(value: unknown): boolean;
