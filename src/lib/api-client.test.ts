import { ApiError, apiRequest, errorMessage } from "./api-client";

function respond(status: number, body: string, statusText = "") {
  return jest.spyOn(global, "fetch").mockImplementation(async () => new Response(body || null, { status, statusText }));
}

afterEach(() => jest.restoreAllMocks());

describe("apiRequest", () => {
  it("sends JSON only when a body is given, always with credentials", async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await apiRequest("GET", "/api/x");
    expect(fetchMock).toHaveBeenLastCalledWith("/api/x", {
      method: "GET",
      credentials: "include",
      headers: undefined,
      body: undefined,
    });
    await apiRequest("POST", "/api/x", { a: 1 });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/x", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
    });
  });

  it('throws "{status}: {body}" for a failed call and keeps the server message apart', async () => {
    respond(409, '{"error":"Already applied"}');
    const error = (await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('409: {"error":"Already applied"}');
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe("Already applied");
  });

  it("uses the status text when the body is empty", async () => {
    respond(502, "", "Bad Gateway");
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("502: Bad Gateway");
  });
});

describe("errorMessage", () => {
  it("prefers the server's words and falls back otherwise", () => {
    expect(errorMessage(new ApiError(400, "400: x", "Server says"), "Fallback")).toBe("Server says");
    expect(errorMessage(new ApiError(500, "500: x"), "Fallback")).toBe("Fallback");
    expect(errorMessage(new Error("network"), "Fallback")).toBe("Fallback");
  });
});
