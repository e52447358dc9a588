// Types of cache-handler.mjs, for the tests that use it directly (Next.js loads the .mjs itself).
export declare const SLOW_READ_MS: number;
export default class PostgresCacheHandler {
  constructor(ctx: { serverDistDir?: string });
  get(
    key: string,
    ctx?: { softTags?: string[]; tags?: string[] },
  ): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: unknown, ctx?: { cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
}
