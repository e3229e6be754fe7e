#!/usr/bin/env node
// The `brainbench` command: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/main.ts');
