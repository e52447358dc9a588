import net from "node:net";

// scripts/lib/free-port for the integration files (jest.config.mjs maps it here): each Jest worker
// takes ports from a range of its own, below the kernel's ephemeral range (32768 and up, where
// listen(0) and outgoing connections take theirs), so that a port one worker's test found free is
// never handed to another worker's test before it is bound. Ports taken by others are skipped.

const RANGE_START = 20_000;
const RANGE_SIZE = 1_000;
const worker = Number(process.env.JEST_WORKER_ID ?? "1");
const first = RANGE_START + ((worker - 1) % 12) * RANGE_SIZE;
let next = first + Math.floor(Math.random() * RANGE_SIZE);

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < RANGE_SIZE; tries++) {
    const port = first + ((next++ - first) % RANGE_SIZE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${first}-${first + RANGE_SIZE - 1}`);
}
