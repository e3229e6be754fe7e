/** Where an endpoint's client requests come from: omw's HTTP server or its scripted mock. */
export interface EndpointTransport {
  readonly kind: string;
  /** Why brains cannot serve models now (a server that could not listen); undefined when they can. */
  readonly unavailable: string | undefined;
  /**
   * Stops taking requests at once, then resolves once the server is released; the endpoint ends
   * the open sessions in between, so their clients still get an answer.
   */
  close(): Promise<void>;
}
