// The part of madge's API (it ships no types) that src/public-pages-load.test.ts uses.
declare module "madge" {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, { skipTypeImports?: boolean; skipAsyncImports?: boolean }>;
  }
  interface MadgeResult {
    /** Each module (relative to baseDir) with the modules it imports. */
    obj(): Record<string, string[]>;
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
