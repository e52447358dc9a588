import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { testEnv } from "../support/env";

// scripts/serve.mjs keeps an idle kept-alive connection for 65 s, longer than nginx keeps its side of
// one (keepalive_timeout 60s in deploy/nginx/community.conf), so that nginx always closes first. With
// Node's default of five seconds, a request sent on a connection the server was closing that moment
// met a reset (a browser test's request did; nginx answers a POST 502 then, without retrying it).

interface Answer {
  status: number;
  reusedSocket: boolean;
  localPort: number;
}

function get(agent: http.Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, testEnv().baseUrl), { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          reusedSocket: request.reusedSocket,
          localPort: request.socket?.localPort ?? 0,
        }),
      );
    });
    request.on("error", reject);
  });
}

it("keeps an idle connection open past Node's default five seconds, for the proxy to reuse", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let closedByServer = false;
  agent.on("free", (socket) => socket.once("close", () => (closedByServer = true)));
  try {
    const first = await get(agent, "/api/health");
    expect(first.status).toBe(200);
    await sleep(6_500);
    expect(closedByServer).toBe(false);
    const second = await get(agent, "/api/health");
    expect(second).toEqual({ status: 200, reusedSocket: true, localPort: first.localPort });
  } finally {
    agent.destroy();
  }
});
