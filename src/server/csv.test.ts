import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], ["line\nbreak", null]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(toCsv(["email"], [["=HYPERLINK(\"x\")"], ["+1"], ["@a"]])).toBe("email\r\n\"'=HYPERLINK(\"\"x\"\")\"\r\n'+1\r\n'@a\r\n");
  });
});
