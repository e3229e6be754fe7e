// The mocks' state at the end of a test, for `brainbench test --dump` (omw-compat 14.6).

import { MockEndpoint, type EndpointSnapshot } from '../endpoint/mock/mock-endpoint.ts';
import type { Host } from '../host/host.ts';
import { MockProvider, type ProviderSnapshot } from '../providers/mock-provider.ts';
import { MockTooling, type ToolingSnapshot } from '../tooling/mock-tooling.ts';

export type MockSnapshot = ToolingSnapshot | ProviderSnapshot | EndpointSnapshot;

/** Every mock provider and tooling by name, then the mock endpoint. */
export function mockSnapshots(host: Host): MockSnapshot[] {
  const snapshots: MockSnapshot[] = [];
  for (const provider of host.providers.values())
    if (provider instanceof MockProvider) snapshots.push(provider.snapshot());
  for (const tooling of host.tooling.values()) if (tooling instanceof MockTooling) snapshots.push(tooling.snapshot());
  const transport = host.endpoint?.transport;
  if (transport instanceof MockEndpoint) snapshots.push(transport.snapshot());
  return snapshots;
}
