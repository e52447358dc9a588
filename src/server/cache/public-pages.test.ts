import { pathTags } from "./public-pages";

describe("pathTags (Next.js' implicit tags, 'How revalidation works')", () => {
  it("names a page by its path and a layout by its segment, as revalidatePath does", () => {
    expect(pathTags("/")).toEqual(["_N_T_/", "_N_T_/index"]);
    expect(pathTags("/blog/hello")).toEqual(["_N_T_/blog/hello"]);
    expect(pathTags("/blog/")).toEqual(["_N_T_/blog"]);
    expect(pathTags("/", "layout")).toEqual(["_N_T_/layout"]);
    expect(pathTags("/blog", "layout")).toEqual(["_N_T_/blog/layout"]);
  });
});
