// The one call an entry point that opens a workspace makes (the DAP server's `launch`, for one):
// what the Host must hold back for this config in this folder; undefined when the folder is trusted.

import { resolve } from 'node:path';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import { restrictionsOf } from './restriction-report.ts';
import type { Restrictions } from './restrictions.ts';
import { WorkspaceTrust } from './workspace-trust.ts';

export function restrictionsFor(
  workspaceDir: string,
  config: OmwConfig,
  trust: WorkspaceTrust = WorkspaceTrust.forUser(),
): Restrictions | undefined {
  const root = realPathOf(workspaceDir) ?? resolve(workspaceDir);
  if (trust.decide(root).trusted) return undefined;
  return restrictionsOf(config, { root });
}
