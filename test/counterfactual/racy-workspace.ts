// The two-agent workspace with a planted order-dependent bug that `brainbench explore` must find:
// main takes the first event it receives for its tool's result, when the helper's answer is
// ready at the same time.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CONFIG = `[runtime.js]
kind = "js"
[agents.main]
runtime = "js"
script = "main.js"
[agents.helper]
runtime = "js"
script = "helper.js"
[tooling.calc]
kind = "mock"
tools = [ { name = "add", description = "Adds", input_schema = { type = "object" } } ]
tool_calls = [ { name = "add", result = "3" } ]
`;

// Both subscribe first; main gives the helper time to (0.8 s: on a loaded machine the helper's
// process may start well after main's, and a message sent before it subscribed is lost),
// then starts its tool call and asks the helper, whose answer is ready with the tool's result by
// the time main receives.
export const HELPER = `omw.host.subscribeAgent('main');
omw.host.recv();
omw.host.sendAgent('main', 'total 10');
'helped';
`;

export const RACY = 'const first = omw.host.recv();';
export const FIXED = 'let first;\ndo first = omw.host.recv(); while (first.id !== call);';

export const MAIN = `omw.host.subscribeAgent('helper');
omw.host.sleepFor(800);
const call = omw.tooling.get('calc').callTool('add', { a: 1, b: 2 });
omw.host.sendAgent('helper', 'go');
omw.host.sleepFor(150);
${RACY}
\`sum \${first.payload.content[0].text}\`;
`;

export function racyWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-explore-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'helper.js'), HELPER);
  writeFileSync(join(dir, 'main.js'), MAIN);
  return dir;
}
