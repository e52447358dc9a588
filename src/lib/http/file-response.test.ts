import { dispositionFor, fileHeaders, FILE_CONTENT_SECURITY_POLICY, safeFilename } from "./file-response";

describe("file responses", () => {
  it("shows inline only the images and PDFs our pages show, and only until she asks to download", () => {
    for (const type of ["image/webp", "image/png", "image/jpeg", "application/pdf", "Application/PDF; charset=binary"])
      expect(dispositionFor(type)).toBe("inline");
    for (const type of ["application/pdf", "image/webp"]) expect(dispositionFor(type, true)).toBe("attachment");
    for (const type of [
      "video/mp4",
      "text/html",
      "image/svg+xml",
      "text/calendar; charset=utf-8",
      "application/octet-stream",
      "",
    ])
      expect(dispositionFor(type)).toBe("attachment");
  });

  it("names a file safely inside the quoted header parameter", () => {
    expect(safeFilename('Spring "plan"\r\nX-Evil: 1.pdf')).toBe("Spring planX-Evil 1.pdf");
    expect(safeFilename("<>")).toBe("file");
  });

  it("sends the sandboxing policy, nosniff and the disposition with every file", () => {
    const headers = fileHeaders({
      contentType: "text/csv; charset=utf-8",
      filename: "members.csv",
      disposition: "attachment",
      extra: { "Content-Security-Policy": "script-src *", "Cache-Control": "no-store" },
    });
    expect(headers.get("content-security-policy")).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(FILE_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; sandbox");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-disposition")).toBe('attachment; filename="members.csv"');
    expect(headers.get("cache-control")).toBe("no-store");
  });
});
