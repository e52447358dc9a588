import { CSV_PAGE_SIZE, csvResponse, pagesByIdDescending, toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(toCsv(["email"], [['=HYPERLINK("x")'], ["+1"], ["@a"]])).toBe(
      'email\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@a\r\n',
    );
  });
});

describe("pagesByIdDescending", () => {
  it("asks for each page below the last id seen and stops at a short page", async () => {
    const ids = Array.from({ length: CSV_PAGE_SIZE * 2 + 5 }, (_, i) => ({ id: CSV_PAGE_SIZE * 3 - i }));
    const asked: (number | undefined)[] = [];
    const pages: number[] = [];
    for await (const page of pagesByIdDescending(async (beforeId) => {
      asked.push(beforeId);
      return ids.filter((row) => beforeId === undefined || row.id < beforeId).slice(0, CSV_PAGE_SIZE);
    })) {
      pages.push(page.length);
    }
    expect(pages).toEqual([CSV_PAGE_SIZE, CSV_PAGE_SIZE, 5]);
    expect(asked).toEqual([undefined, ids[CSV_PAGE_SIZE - 1]!.id, ids[CSV_PAGE_SIZE * 2 - 1]!.id]);
  });
});

describe("csvResponse", () => {
  async function* pagesOf(...pages: { id: number; name: string }[][]) {
    yield* pages;
  }

  it("streams the header and every page as one CSV download", async () => {
    const people = { name: "people", header: ["id", "name"], row: (p: { id: number; name: string }) => [p.id, p.name] };
    const response = await csvResponse(
      people,
      pagesOf(
        [{ id: 3, name: "=cmd" }],
        [
          { id: 2, name: "a,b" },
          { id: 1, name: "c" },
        ],
      ),
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(await response.text()).toBe('id,name\r\n3,\'=cmd\r\n2,"a,b"\r\n1,c\r\n');
  });

  it("answers with the header alone when nothing matches, and fails before answering when the first page does", async () => {
    const ids = { name: "ids", header: ["id"], row: (r: { id: number }) => [r.id] };
    expect(await (await csvResponse(ids, pagesOf())).text()).toBe("id\r\n");
    async function* failing(): AsyncGenerator<{ id: number }[]> {
      throw new Error("database unavailable");
    }
    await expect(csvResponse(ids, failing())).rejects.toThrow("database unavailable");
  });
});
