import { formatCents, formatDate, formatDateTime } from "./format";

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
});
