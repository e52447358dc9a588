// The integration files' Jest environment: before Jest copies the worker's environment into the test
// file's, the worker takes the stack (app server, database, fakes) scripts/test.ts started for it, so
// that its files and the processes they start all talk to that stack (docs/decisions/038-a-faster-suite.md).
import { TestEnvironment } from "jest-environment-node";

export default class StackEnvironment extends TestEnvironment {
  constructor(config, context) {
    const stacks = process.env.TEST_STACKS ? JSON.parse(process.env.TEST_STACKS) : [];
    const worker = Number(process.env.JEST_WORKER_ID ?? "1");
    if (stacks.length) Object.assign(process.env, stacks[(worker - 1) % stacks.length]);
    super(config, context);
  }
}
