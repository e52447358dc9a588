import { request } from "node:http";

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * The address to connect from: any of 127.0.0.0/8 reaches a server on 127.0.0.1 (Linux's loopback),
   * so a test can be a client with a socket address of its own.
   */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * One HTTP/1.1 request with exactly the headers given: unlike fetch, it may send any Host header, and
 * it connects from `localAddress`. JSON bodies get their content type.
 */
export function rawRequest(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = {
    ...(body === undefined
      ? {}
      : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
