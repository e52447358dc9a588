import { keysetPage, offsetWindow } from "./pagination";

describe("keysetPage", () => {
  it("shows `limit` rows and a cursor from the last one shown only when a further row was read", () => {
    expect(keysetPage([1, 2, 3], 2, (last) => `after-${last}`)).toEqual({ page: [1, 2], next: "after-2" });
    expect(keysetPage([1, 2], 2, (last) => `after-${last}`)).toEqual({ page: [1, 2], next: null });
    expect(keysetPage([], 2, (last) => `after-${last}`)).toEqual({ page: [], next: null });
  });
});

describe("offsetWindow", () => {
  it("turns a page number into LIMIT and OFFSET, page 1 first", () => {
    expect(offsetWindow(1, 25)).toEqual({ limit: 25, offset: 0 });
    expect(offsetWindow(3, 25)).toEqual({ limit: 25, offset: 50 });
    expect(offsetWindow(0, 25)).toEqual({ limit: 25, offset: 0 });
  });
});
