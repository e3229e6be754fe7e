/** An agent's `subscribe-endpoint` of one model. */
export interface ModelSubscription {
  model: string;
  agent: string;
  uuid: string;
  /** Milliseconds since the Unix epoch. */
  since: number;
}

/** Which agent serves which model: one subscription per model, whoever asked first. */
export class ModelMap {
  private readonly byModel = new Map<string, ModelSubscription>();
  private readonly byUuid = new Map<string, ModelSubscription>();

  owner(model: string): ModelSubscription | undefined {
    return this.byModel.get(model);
  }

  add(subscription: ModelSubscription): void {
    this.byModel.set(subscription.model, subscription);
    this.byUuid.set(subscription.uuid, subscription);
  }

  /** Removes the subscription if it is the caller's; a foreign or unknown UUID changes nothing. */
  remove(agent: string, uuid: string): ModelSubscription | undefined {
    const subscription = this.byUuid.get(uuid);
    if (!subscription || subscription.agent !== agent) return undefined;
    this.byUuid.delete(uuid);
    this.byModel.delete(subscription.model);
    return subscription;
  }

  /** Sorted by model name, as `/v1/models` lists them. */
  list(): ModelSubscription[] {
    return [...this.byModel.values()].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  }
}
