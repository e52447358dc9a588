import { isWebAddress, videoSource } from "./media";

describe("video addresses (privacy-enhanced embeds)", () => {
  it("turns YouTube pages, short links and shorts into youtube-nocookie embeds", () => {
    const embed = { kind: "youtube", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" };
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ]) {
      expect(videoSource(url)).toEqual(embed);
    }
  });

  it("turns Vimeo pages into the player with dnt=1, keeping an unlisted video's hash", () => {
    expect(videoSource("https://vimeo.com/76979871")).toEqual({
      kind: "vimeo",
      embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
    });
    expect(videoSource("https://vimeo.com/76979871/abc123")).toEqual({
      kind: "vimeo",
      embedUrl: "https://player.vimeo.com/video/76979871?h=abc123&dnt=1",
    });
  });

  it("plays an uploaded MP4 from our file URL and refuses anything else", () => {
    expect(videoSource("/api/files/7d0c4c4e-0000-4000-8000-000000000000")).toEqual({
      kind: "file",
      url: "/api/files/7d0c4c4e-0000-4000-8000-000000000000",
    });
    for (const url of [
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)",
      "https://youtube.com/watch?v=short",
      "https://vimeo.com/channels/x",
      "not a url",
    ]) {
      expect(videoSource(url)).toBeNull();
    }
  });

  it("sends members only to http(s) addresses", () => {
    expect(isWebAddress("https://example.com/x")).toBe(true);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("ftp://example.com")).toBe(false);
  });
});
