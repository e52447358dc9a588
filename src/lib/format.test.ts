import { formatCents, formatDate, formatDateTime, shortenAtWord, tierName } from "./format";

describe("formatting", () => {
  it("shows dates as 'MMM d, yyyy' and times as 'h:mm a'", () => {
    const date = new Date(2026, 2, 5, 14, 7);
    expect(formatDate(date)).toBe("Mar 5, 2026");
    expect(formatDateTime(date)).toBe("Mar 5, 2026 2:07 PM");
  });

  it("shows cents as dollars with two decimals", () => {
    expect(formatCents(3000)).toBe("$30.00");
    expect(formatCents(9)).toBe("$0.09");
    expect(formatCents(123456)).toBe("$1,234.56");
  });

  it("writes plain amounts for CSV columns and form fields", () => {
    expect(formatCents(123456, "usd", { plain: true })).toBe("1234.56");
    expect(formatCents(9, "usd", { plain: true })).toBe("0.09");
  });
});

describe("shortenAtWord", () => {
  it("keeps short text whole and cuts long text at a word, with an ellipsis", () => {
    expect(shortenAtWord("A morning in the garden.", 60)).toBe("A morning in the garden.");
    expect(shortenAtWord("Plant, weed and share a picnic lunch in our community garden.", 30)).toBe(
      "Plant, weed and share a picnic…",
    );
    expect(shortenAtWord("Plant, weed and share a picnic lunch in our community garden.", 28)).toBe(
      "Plant, weed and share a…",
    );
    expect(shortenAtWord("x".repeat(40), 10)).toBe(`${"x".repeat(10)}…`);
  });
});

describe("tierName", () => {
  it("writes a tier as its name", () => {
    expect(["connect", "create", "empower", "play"].map(tierName)).toEqual(["Connect", "Create", "Empower", "Play"]);
    expect(tierName(null)).toBe("");
  });
});
