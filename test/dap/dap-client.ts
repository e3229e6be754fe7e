// The protocol's own test client on a real `brainbench dap` over standard input/output, in a
// fresh folder holding `files`.

import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { fixtureDir } from '../config/fixture-dir.ts';

export const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

/** The test client starts an adapter as `runtime executable`; this script adds the `dap` argument. */
function adapterScript(dir: string): string {
  const script = join(dir, 'brainbench-dap.sh');
  writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" "${BRAINBENCH}" dap "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

export async function dapClient(
  files: Record<string, string>,
  body: (client: DebugClient, dir: string) => Promise<void>,
): Promise<void> {
  const dir = fixtureDir(files);
  const client = new DebugClient('/bin/sh', adapterScript(dir), 'brainbench');
  client.defaultTimeout = 60_000;
  await client.start();
  try {
    await body(client, dir);
  } finally {
    await client.stop().catch(() => undefined);
  }
}
