import type { ChatDelta } from '../host-api/wit-types.generated.ts';
import type { BackendStatus } from '../backends/backend-status.ts';
import type { ChatRequest, Provider } from './provider.ts';
import { ProviderRequests } from './provider-requests.ts';

/**
 * A provider that talks to its server through a vendor SDK client: the status, restart and close
 * every such provider shares. A restart aborts the requests in flight and builds a fresh client.
 */
export abstract class SdkProvider<Client> implements Provider {
  abstract readonly kind: string;
  protected client: Client;
  protected readonly requests: ProviderRequests;

  constructor(
    readonly name: string,
    timeoutMs: number,
    private readonly newClient: () => Client,
  ) {
    this.requests = new ProviderRequests(name, timeoutMs);
    this.client = newClient();
  }

  abstract listModels(signal: AbortSignal): Promise<string[]>;
  abstract stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta>;

  status(): BackendStatus {
    return this.requests.status();
  }

  async restart(): Promise<void> {
    this.requests.restart();
    this.client = this.newClient();
  }

  async close(): Promise<void> {
    this.requests.close();
  }
}
