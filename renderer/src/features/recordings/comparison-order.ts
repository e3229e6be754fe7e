// The order a comparison lists its agents in: those that diverged, the one that diverged first
// (by iteration, then call) first; then those that ran alike; those only one side has last.

import type { AgentDiff } from '../../../../contract/recording-views.ts';

const rank = (diff: AgentDiff) => (diff.onlyIn ? 2 : diff.divergence ? 0 : 1);

export function byInterest(agents: readonly AgentDiff[]): AgentDiff[] {
  return [...agents].sort(
    (x, y) =>
      rank(x) - rank(y) ||
      (x.divergence?.iteration ?? 0) - (y.divergence?.iteration ?? 0) ||
      (x.divergence?.call ?? 0) - (y.divergence?.call ?? 0),
  );
}
