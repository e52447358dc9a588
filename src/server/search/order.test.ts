import { orderGroups } from "./order";

describe("orderGroups", () => {
  it("puts the groups whose best result matched in its title first, each part in the kinds' fixed order", () => {
    const groups = [
      { kind: "pages", titleMatch: true },
      { kind: "forum", titleMatch: false },
      { kind: "members", titleMatch: true },
      { kind: "library", titleMatch: false },
    ] as const;
    expect(orderGroups([...groups]).map((group) => group.kind)).toEqual(["members", "pages", "forum", "library"]);
  });
});
