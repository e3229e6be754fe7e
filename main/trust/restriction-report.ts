// What a loaded config would run outside the brain sandboxes, or send from the user's environment
// to a server the workspace chose: the items held back while its folder is not trusted, each with
// where it is set and the exact text the banner shows (docs/security.md#workspace-trust).

import { isAbsolute, relative } from 'node:path';
import { checkedBackend } from '../backends/backend-kind.ts';
import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import type { KeyPath } from '../config/key-path.ts';
import { parseParams } from '../config/params/parse-params.ts';
import type { RuntimeParams } from '../runtimes/runtime-params.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import { withResolvedPaths } from '../runtimes/wasm/runtime-paths.ts';
import type { McpToolingParams } from '../tooling/mcp/mcp-tooling-params.ts';
import { resolveServerCwd } from '../tooling/mcp/mcp-transport.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';
import { isWithin } from '../files/folder-boundary.ts';
import { Restrictions, type HeldBack } from './restrictions.ts';
import { isVendorUrl, vendorOf } from './vendor-endpoints.ts';
import { shellLine, visibleText } from './visible-text.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface ReportOptions {
  /** The workspace folder (real path): locations inside it are shown relative to it. */
  root: string;
  /** The environment the back ends would read credentials from. */
  env?: Env;
}

export function restrictionsOf(config: OmwConfig, { root, env = process.env }: ReportOptions): Restrictions {
  const where = (path: KeyPath) => locationOf(config, path, root);
  return new Restrictions([
    ...Object.entries(config.tooling).flatMap(([name, impl]) => toolingItems(config, name, impl, where)),
    ...Object.entries(config.runtime).flatMap(([name, impl]) => runtimeItems(config, name, impl, where)),
    ...Object.entries(config.providers).flatMap(([name, impl]) => providerItems(config, name, impl, env, where)),
  ]);
}

type Where = (path: KeyPath) => string | undefined;

function toolingItems(config: OmwConfig, name: string, impl: ImplConfig, where: Where): HeldBack[] {
  if (impl.kind !== 'mcp') return [];
  const params = checked<McpToolingParams>(() => checkedBackend(TOOLING_KINDS, impl, config, ['tooling', name]).params);
  if (!params) return [];
  const target = { section: 'tooling' as const, name };
  const subject = `tooling "${visibleText(name)}"`;
  if (params.transport === 'stdio') {
    const extras = [
      ...(params.cwd !== undefined
        ? [`in ${visibleText(resolveServerCwd(params.cwd, config, ['tooling', name]))}`]
        : []),
      ...(Object.keys(params.env).length > 0
        ? [`with ${Object.keys(params.env).map(visibleText).join(', ')} set`]
        : []),
    ];
    const text = shellLine([params.command, ...params.args]) + (extras.length > 0 ? ` (${extras.join(', ')})` : '');
    return [{ kind: 'command', target, subject, text, ...located(where(['tooling', name, 'command'])) }];
  }
  const fromEnvironment = (path: KeyPath) => config.setByEnvironment(['tooling', name, ...path]);
  const keys = params.auth_token !== undefined && fromEnvironment(['auth_token']) ? ['auth_token'] : [];
  const headers = Object.keys(params.headers).filter((header) => fromEnvironment(['headers', header]));
  if (keys.length === 0 && headers.length === 0) return [];
  const sources = [
    ...keys.map((key) => ['tooling', name, key]),
    ...headers.map((h) => ['tooling', name, 'headers', h]),
  ];
  return [
    {
      kind: 'credential',
      target,
      subject,
      text: `${visibleText(params.url)} would get ${sources.map((path) => variableOf(config, path)).join(', ')} from your environment`,
      withheld: { params: keys, headers, variables: [] },
      ...located(where(['tooling', name, 'url'])),
    },
  ];
}

function runtimeItems(config: OmwConfig, name: string, impl: ImplConfig, where: Where): HeldBack[] {
  const descriptor = runtimeDescriptor(impl.kind);
  if (!descriptor) return [];
  const at = ['runtime', name];
  const parsed = checked<RuntimeParams>(() => parseParams(descriptor.params, impl, config, at));
  if (!parsed) return [];
  const params = withResolvedPaths(parsed, config, at);
  const component = descriptor.brain.format === 'component';
  // The built-in interpreters have no WASI: the sandbox keys reach only a component.
  if (!component && params.interpreter === undefined) return [];
  const asks = hostAccess(params);
  if (asks.length === 0) return [];
  const runs = component ? 'component brains' : `interpreter ${visibleText(params.interpreter!)}`;
  return [
    {
      kind: 'runtime',
      target: { section: 'runtime', name },
      subject: `runtime "${visibleText(name)}"`,
      text: `${runs} with ${asks.join('; ')}`,
      ...located(where([...at, component ? 'kind' : 'interpreter'])),
    },
  ];
}

/** What a component's WASI sandbox keys open onto the host: folders, network, environment. */
function hostAccess(params: RuntimeParams): string[] {
  const flag = (key: string) => params[key] === true;
  const preopens = params.preopens as { host_path: string; guest_path: string; perms: string }[];
  const network = flag('inherit_network')
    ? ['tcp', 'udp', 'name lookup']
    : [
        ...(flag('allow_tcp') ? ['tcp'] : []),
        ...(flag('allow_udp') ? ['udp'] : []),
        ...(flag('allow_ip_name_lookup') ? ['name lookup'] : []),
      ];
  return [
    ...preopens.map(
      (preopen) =>
        `host folder ${visibleText(preopen.host_path)} as ${visibleText(preopen.guest_path)} (${preopen.perms.replace('_', '-')})`,
    ),
    ...(network.length > 0 ? [`network (${network.join(', ')})`] : []),
    ...(flag('inherit_env') ? ['your environment'] : []),
  ];
}

function providerItems(config: OmwConfig, name: string, impl: ImplConfig, env: Env, where: Where): HeldBack[] {
  const vendor = vendorOf(impl.kind);
  const baseUrl = impl.params['base_url'];
  const at = ['providers', name];
  // No base_url: the SDK's default, or the user's own *_BASE_URL; one set by an OMW__ variable is the user's too.
  if (!vendor || typeof baseUrl !== 'string' || config.setByEnvironment([...at, 'base_url'])) return [];
  if (isVendorUrl(vendor, baseUrl)) return [];
  const keyInConfig = impl.params['api_key'] !== undefined;
  const keyFromEnvironment = keyInConfig && config.setByEnvironment([...at, 'api_key']);
  const variables = [vendor.keyVariable, ...vendor.otherCredentialVariables].filter((variable) => env[variable]);
  // What would have been sent: a key written in the config is the workspace's own business.
  const sent = [
    ...(keyFromEnvironment ? [variableOf(config, [...at, 'api_key'])] : []),
    ...variables.filter((variable) => !(keyInConfig && variable === vendor.keyVariable)),
  ];
  if (sent.length === 0) return [];
  return [
    {
      kind: 'credential',
      target: { section: 'providers', name },
      subject: `provider "${visibleText(name)}"`,
      text: `${visibleText(baseUrl)} would get ${sent.join(', ')} from your environment`,
      withheld: { params: keyFromEnvironment ? ['api_key'] : [], headers: [], variables },
      ...located(where([...at, 'base_url'])),
    },
  ];
}

/** The variable an OMW__ overlay key came from (its location's file is `$NAME`). */
function variableOf(config: OmwConfig, path: KeyPath): string {
  return config.locate(path)?.file ?? 'a variable';
}

/** `file:line`, relative to the workspace when inside it; a variable by its name. */
function locationOf(config: OmwConfig, path: KeyPath, root: string): string | undefined {
  const location = config.locate(path);
  if (!location) return undefined;
  if (location.file.startsWith('$')) return location.file;
  const file =
    isAbsolute(location.file) && isWithin(root, location.file) ? relative(root, location.file) : location.file;
  return `${file}:${location.line}`;
}

const located = (where: string | undefined) => (where === undefined ? {} : { where });

/** A table the config's own checks refuse holds nothing back: the host refuses to start on it. */
function checked<T>(parse: () => unknown): T | undefined {
  try {
    return parse() as T;
  } catch {
    return undefined;
  }
}
