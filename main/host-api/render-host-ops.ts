import { witFunctions } from './wit-functions.ts';

/** The imported interfaces whose functions a brain calls on the host. */
const HOST_INTERFACES = new Set(['provider', 'tooling', 'host']);

/** Source text of host-ops.generated.ts for the given WIT source. */
export function renderHostOps(witSource: string): string {
  const ops = witFunctions(witSource).filter((f) => HOST_INTERFACES.has(f.iface));
  const rows = ops.map((f) => {
    const id = `${f.iface}.${f.name}`;
    const params = f.params.map((p) => `{ name: '${p.name}', type: '${p.type}' }`).join(', ');
    const receiver = f.resource ? ` receiver: '${f.resource}',` : '';
    const result = f.result ? ` result: '${f.result}',` : '';
    return `  '${id}': {${receiver} params: [${params}],${result} },`;
  });
  return [
    '// Generated from wit/omw.wit by `npm run gen:host-ops`; do not edit by hand.',
    '',
    'export const HOST_OPS = {',
    ...rows,
    '} as const;',
    '',
    '/** `<interface>.<function>` of every host import, e.g. `provider.chat-stream`. */',
    'export type HostOp = keyof typeof HOST_OPS;',
    '',
  ].join('\n');
}
