// Types of security-headers.mjs.
export interface HeaderRule {
  key: string;
  value: string;
}

export function nonceContentSecurityPolicy(nonce: string, dev: boolean): string;
export function hashContentSecurityPolicy(hashes: readonly string[], dev: boolean): string;
export function defaultContentSecurityPolicy(dev: boolean): string;
export const FILE_CONTENT_SECURITY_POLICY: string;
export const uploadedFileFrameHeaders: HeaderRule[];
export const otherSecurityHeaders: HeaderRule[];
