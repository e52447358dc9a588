import { mentionMarkdown, mentionedIds, MAX_MENTIONS } from "./mentions";

describe("mentions", () => {
  it("writes a profile link and reads its id back", () => {
    const text = `Thanks ${mentionMarkdown("Amara [Okafor]", 12)} and ${mentionMarkdown("Lena", 7)}!`;
    expect(text).toContain("[@Amara Okafor](/profile/12)");
    expect(mentionedIds(text)).toEqual([12, 7]);
  });

  it("counts each member once, ignores other links and caps the list", () => {
    expect(
      mentionedIds("[@A](/profile/3) [@A again](/profile/3) [site](/profile/4) [@x](https://evil.example/profile/5)"),
    ).toEqual([3]);
    const many = Array.from({ length: 30 }, (_, i) => mentionMarkdown(`M${i}`, i + 1)).join(" ");
    expect(mentionedIds(many)).toHaveLength(MAX_MENTIONS);
    expect(mentionedIds("[@Big](/profile/99999999999)")).toEqual([]);
  });
});
