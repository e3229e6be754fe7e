// The real `brainbench` command, run as a user runs it, with its exit code and both outputs.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const BRAINBENCH = join(import.meta.dirname, '../../bin/brainbench.mjs');

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function brainbench(args: readonly string[], cwd: string): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, ...args], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
