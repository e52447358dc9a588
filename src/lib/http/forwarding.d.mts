import type { IncomingHttpHeaders } from "node:http";

export function isValidHost(value: unknown): boolean;

export function canonicalAddress(value: unknown): string | null;

export function normalizeForwarding(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  trustProxy: boolean,
): boolean;
