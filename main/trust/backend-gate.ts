// How the host builds a back end of a workspace that is not trusted: a tool server whose command
// is held back is not built at all (HeldTooling stands in), and a back end bound for a server the
// workspace chose is built without the credentials it would take from the user's environment.

import type { ImplConfig } from '../config/config-types.ts';
import type { Restrictions } from './restrictions.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface GatedTable {
  impl: ImplConfig;
  /** The environment the back end reads credentials from, when it must not be the whole of it. */
  variables?: Record<string, string | undefined>;
}

export function gatedTable(
  restrictions: Restrictions | undefined,
  section: 'providers' | 'tooling',
  name: string,
  impl: ImplConfig,
  env: Env = process.env,
): GatedTable {
  const withheld = restrictions?.withheld(section, name);
  if (!withheld) return { impl };
  const params = Object.fromEntries(Object.entries(impl.params).filter(([key]) => !withheld.params.includes(key)));
  const headers = params['headers'];
  if (withheld.headers.length > 0 && headers !== null && typeof headers === 'object') {
    params['headers'] = Object.fromEntries(
      Object.entries(headers).filter(([header]) => !withheld.headers.includes(header)),
    );
  }
  const variables = Object.fromEntries(Object.entries(env).filter(([name]) => !withheld.variables.includes(name)));
  return { impl: { ...impl, params }, variables };
}
