import "server-only";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, isNull, like } from "drizzle-orm";
import { db } from "@/db";
import { storedFiles } from "@/db/schema";
import { DEMO_LIBRARY_FILES } from "@/db/seed/demo-library";
import { DEMO_COURSE_FILES } from "@/db/seed/demo-course-media";
import { storageBackend } from "@/server/storage";

/**
 * The demo seed records its files (the library's workbook PDF, the demo lessons' video and PDFs) but
 * runs before the app, outside the storage module; the app writes their bytes on start-up wherever
 * storage is (disk or S3) when they are missing. A database without demo data has no `demo/` rows and this does nothing.
 */
export async function restoreDemoLibraryFiles(): Promise<void> {
  const rows = await db
    .select({ key: storedFiles.key, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(and(like(storedFiles.key, "demo/%"), isNull(storedFiles.deletedAt)));
  for (const row of rows) {
    const file = [...DEMO_LIBRARY_FILES, ...DEMO_COURSE_FILES].find((f) => f.key === row.key);
    if (!file) continue;
    const present = await storageBackend()
      .get(row.key, { start: 0, end: 0 })
      .then(
        (stream) => (stream.destroy(), true),
        () => false,
      );
    if (present) continue;
    const bytes = file.bytes();
    const temporary = path.join(tmpdir(), `demo-${randomUUID()}`);
    try {
      await writeFile(temporary, bytes);
      await storageBackend().put(row.key, temporary, row.contentType, bytes.length);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}
