const WebSocket = require("ws");
const pid = +process.argv[2];
const expr = process.argv[3] || "JSON.stringify(Object.fromEntries(Object.entries(process.memoryUsage()).map(([k,v])=>[k,Math.round(v/1048576)])))";
process.kill(pid, "SIGUSR1");
setTimeout(async () => {
  const list = await (await fetch("http://127.0.0.1:9229/json/list")).json();
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  ws.on("open", () => ws.send(JSON.stringify({ id: 1, method: "Runtime.evaluate", params: { expression: expr, includeCommandLineAPI: true, awaitPromise: true } })));
  ws.on("message", (m) => { const r = JSON.parse(m); if (r.id === 1) { console.log(r.result.result.value ?? r.result); ws.close(); } });
}, 500);
