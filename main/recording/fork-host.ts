import type { ForkEdits } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { HostOptions } from '../host/host.ts';
import { ReplayHost } from './replay-host.ts';

/**
 * The host of a branch: a ReplayHost with back ends whose prefix must replay exactly (a
 * divergence stops the agent instead of going live), and which, once an agent is live, sends its
 * provider calls where the fork's edits say: another provider of the config, another model.
 */
export class ForkHost extends ReplayHost {
  protected override goesLiveAtDivergence = false;

  constructor(
    config: OmwConfig,
    private readonly redirect: Pick<ForkEdits, 'provider' | 'model'>,
    options: HostOptions = {},
  ) {
    super(config, true, options);
  }

  protected override dispatch(agent: string, op: HostOp, args: readonly unknown[]): Promise<unknown> {
    return super.dispatch(agent, op, this.isLive(agent) ? this.redirected(op, args) : args);
  }

  private redirected(op: HostOp, args: readonly unknown[]): readonly unknown[] {
    if (!op.startsWith('provider.')) return args;
    const changed = [...args];
    const { provider, model } = this.redirect;
    if (provider && changed[0] === provider.from) changed[0] = provider.to;
    if (model !== undefined && (op === 'provider.chat' || op === 'provider.chat-stream')) changed[1] = model;
    return changed;
  }
}
