// Rewrites docs/screenshots/*.png from the example workspace in web mode (scripts/screenshots.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(import.meta.dirname, 'screenshots.ts');
const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
process.exit(run.status ?? 1);
