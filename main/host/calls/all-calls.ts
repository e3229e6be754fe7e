import type { CallHandlers } from './call-scope.ts';
import { busCalls } from './bus-calls.ts';
import { endpointCalls } from './endpoint-calls.ts';
import { memoryCalls } from './memory-calls.ts';
import { providerCalls } from './provider-calls.ts';
import { timerCalls } from './timer-calls.ts';
import { toolingCalls } from './tooling-calls.ts';

/** Every host call the host answers itself (the local ones are in local-calls.ts). */
export const HOST_CALL_HANDLERS: CallHandlers = {
  ...busCalls,
  ...endpointCalls,
  ...memoryCalls,
  ...providerCalls,
  ...timerCalls,
  ...toolingCalls,
};
