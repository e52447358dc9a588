import "server-only";
import type { ByteRange } from "./backend";

/**
 * One `Range: bytes=` range (RFC 9110 section 14.1.2) of a file of `size` bytes: null when absent or
 * not a single byte range (the whole file is sent), "unsatisfiable" when it starts past the end.
 */
export function parseByteRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
