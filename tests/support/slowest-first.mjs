// The integration files' order (jest.config.mjs): the slowest first, so that the last file to finish
// is a short one and no worker waits long for the other (docs/decisions/038-a-faster-suite.md). Jest
// orders by the times of the last run when it has them, by file size otherwise (a fresh clone); these
// are the files that take longest on this project's machine, slowest first, whatever the
// cache says.
import path from "node:path";
import Sequencer from "@jest/test-sequencer";

const SLOWEST = [
  "launcher",
  "start-together",
  "outbox-crash",
  "hostile-input",
  "hostile-edge",
  "production-shape",
  "response-types",
  "client-address",
  "page-access",
  "validation-messages",
];
const rank = (test) => {
  const index = SLOWEST.indexOf(path.basename(test.path, ".test.ts"));
  return index === -1 ? SLOWEST.length : index;
};

export default class SlowestFirst extends Sequencer {
  async sort(tests) {
    return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
  }
}
