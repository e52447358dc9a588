/** A failed API call. `message` reads "{status}: {body text or status text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The `error` field of our JSON error body, when there is one. */
    readonly serverMessage?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Calls one of our API routes with the session cookie; a JSON body is sent only when given. */
export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  return (await apiResponse<T>(method, path, body)).data;
}

/** As apiRequest, with the answer's headers too (a list that says something beside its rows). */
export async function apiResponse<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: { error?: string; fields?: Record<string, string> } | undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      parsed?.error,
      parsed?.fields,
    );
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  return { data: (await response.json()) as T, headers: response.headers };
}

/** The server's own words for an error when it gave some, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export interface UploadedFile {
  id: string;
  url: string;
  contentType: string;
  sizeBytes: number;
}

/** Uploads a file as the raw request body (POST /api/uploads/{purpose}); the server checks its bytes. */
export async function uploadFile(purpose: string, file: File): Promise<UploadedFile> {
  const response = await fetch(`/api/uploads/${purpose}?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    credentials: "include",
    body: file,
  });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
    throw new ApiError(response.status, `${response.status}: ${parsed?.error ?? response.statusText}`, parsed?.error);
  }
  return (await response.json()) as UploadedFile;
}
