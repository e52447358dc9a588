import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalBackend } from "./local-backend";

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
};

describe("local storage backend", () => {
  const root = mkdtempSync(path.join(tmpdir(), "storage-root-"));
  const scratch = mkdtempSync(path.join(tmpdir(), "storage-scratch-"));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });
  const backend = createLocalBackend(root);

  it("moves a finished file under its key, reads it whole or in part, and deletes it", async () => {
    const source = path.join(scratch, "a.upload");
    writeFileSync(source, "0123456789");
    await backend.put("avatar/x.webp", source, "image/webp", 10);
    expect(existsSync(source)).toBe(false);
    expect(readFileSync(path.join(root, "avatar/x.webp"), "utf8")).toBe("0123456789");
    expect(await read(await backend.get("avatar/x.webp"))).toBe("0123456789");
    expect(await read(await backend.get("avatar/x.webp", { start: 2, end: 4 }))).toBe("234");
    await backend.delete("avatar/x.webp");
    await expect(backend.get("avatar/x.webp")).rejects.toThrow(/ENOENT/);
  });

  it("never reads or writes outside its directory", async () => {
    await expect(backend.get("../../etc/passwd")).rejects.toThrow(/escapes/);
    await expect(backend.put("../x", path.join(scratch, "none"), "text/plain", 0)).rejects.toThrow(/escapes/);
  });
});
