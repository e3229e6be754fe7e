import type { ChatRequest } from './provider.ts';

/** The call's model, or the provider's configured default when the call names none. */
export function requestModel(request: ChatRequest, configured: string | undefined): string {
  const model = request.model || configured;
  if (!model) throw new Error('no model given, and the provider configures no default `model`');
  return model;
}
