import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import type { OmwConfig } from '../../main/config/config-types.ts';
import { loadConfig } from '../../main/config/load-config.ts';
import { mockEndpointParamsSchema } from '../../main/endpoint/mock/mock-endpoint-params.ts';
import { openaiEndpointParamsSchema } from '../../main/endpoint/openai/openai-endpoint-params.ts';
import { parseParams } from '../../main/config/params/parse-params.ts';
import { mockProviderParamsSchema } from '../../main/providers/mock-provider-params.ts';
import { openaiProviderParamsSchema } from '../../main/providers/openai/openai-provider-params.ts';
import { rhaiRuntimeParamsSchema } from '../../main/runtimes/rhai/rhai-params.ts';
import { interpretedRuntimeParamsSchema } from '../../main/runtimes/runtime-params.ts';
import { wasmRuntimeParamsSchema } from '../../main/runtimes/wasm/wasm-params.ts';
import { mcpToolingParamsSchema } from '../../main/tooling/mcp/mcp-tooling-params.ts';
import { mockToolingParamsSchema } from '../../main/tooling/mock-tooling-params.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

function loadToml(contents: string): { config: OmwConfig; file: string } {
  const dir = fixtureDir({ 'omw.toml': contents });
  return { config: loadConfig(join(dir, 'omw.toml'), { env: {} }), file: join(dir, 'omw.toml') };
}

function implAt(config: OmwConfig, section: 'providers' | 'tooling' | 'runtime', name: string) {
  const impl = config[section][name];
  assert.ok(impl, `${section}.${name} is configured`);
  return impl;
}

describe('provider params', () => {
  it('fills mock defaults and stringifies inline tool-call arguments', () => {
    const { config } = loadToml(`
[providers.main]
kind = "mock"
turns = [
  { content = "hello", usage = { total_tokens = 3 } },
  { tool_call = { id = "c1", name = "lookup", arguments = { q = "x", n = [1, 2] } } },
  { tool_call = { id = "c2", name = "lookup", arguments = '{"q": "raw"}' } },
  { error = "boom", pending = true },
]
`);
    const params = parseParams(mockProviderParamsSchema, implAt(config, 'providers', 'main'), config, [
      'providers',
      'main',
    ]);
    assert.deepEqual(params, {
      models: [],
      stream_delay_ms: 0,
      turns: [
        { content: 'hello', usage: { total_tokens: 3 }, pending: false },
        { tool_call: { id: 'c1', name: 'lookup', arguments: '{"q":"x","n":[1,2]}' }, pending: false },
        { tool_call: { id: 'c2', name: 'lookup', arguments: '{"q": "raw"}' }, pending: false },
        { error: 'boom', pending: true },
      ],
    });
  });

  it('keeps the openai params table free-form but the rest closed', () => {
    const { config, file } = loadToml(`
[providers.openai]
kind = "openai"
base_url = "http://localhost:1234/v1"
params = { temperature = 0.2, Custom_Field = { nested = true } }

[providers.typo]
kind = "openai"
api-key = "sk"
`);
    const openai = parseParams(openaiProviderParamsSchema, implAt(config, 'providers', 'openai'), config, [
      'providers',
      'openai',
    ]);
    assert.deepEqual(openai, {
      base_url: 'http://localhost:1234/v1',
      params: { temperature: 0.2, Custom_Field: { nested: true } },
    });
    const error = configErrorOf(() =>
      parseParams(openaiProviderParamsSchema, implAt(config, 'providers', 'typo'), config, ['providers', 'typo']),
    );
    assert.equal(
      error.message,
      `${file}:9:1: providers.typo.api-key: expected one of the keys api_key, base_url, model, params, timeout_ms, max_retries, prices (found "api-key")`,
    );
  });
});

describe('tooling params', () => {
  it('fills mock defaults and keeps after gates and schemas raw', () => {
    const { config } = loadToml(`
[tooling.files]
kind = "mock"
tools = [{ name = "read", input_schema = { type = "object" } }]
tool_calls = [
  { name = "read", result = "text" },
  { name = "read", structured_content = { ok = true }, after = { kind = "call", op = "chat" } },
]
initial_resource_list = [{ uri = "file:///a", name = "a", mime_type = "text/plain" }]
initial_resource_contents = { "file:///a" = "A" }
resource_list_updates = [{ resources = [], after = "start" }]
resource_content_updates = [{ uri = "file:///a", content = "B", error = "gone" }]
`);
    const params = parseParams(mockToolingParamsSchema, implAt(config, 'tooling', 'files'), config, [
      'tooling',
      'files',
    ]);
    assert.deepEqual(params, {
      tools: [{ name: 'read', input_schema: { type: 'object' } }],
      tool_calls: [
        { name: 'read', result: 'text', pending: false },
        {
          name: 'read',
          result: '',
          structured_content: { ok: true },
          pending: false,
          after: { kind: 'call', op: 'chat' },
        },
      ],
      initial_resource_list: [{ uri: 'file:///a', name: 'a', mime_type: 'text/plain' }],
      initial_resource_contents: { 'file:///a': 'A' },
      resource_list_updates: [{ resources: [], after: 'start', pending: false }],
      resource_content_updates: [{ uri: 'file:///a', content: 'B', error: 'gone', pending: false }],
      delay_ms: 10,
    });
  });

  it('reads both MCP transports, with the Brainbench extensions', () => {
    const { config } = loadToml(`
[tooling.local]
kind = "mcp"
transport = "stdio"
command = "server"
cwd = "/srv"

[tooling.remote]
kind = "mcp"
transport = "http"
url = "https://mcp.example/v1"
headers = { X-Team = "brains" }
`);
    assert.deepEqual(
      parseParams(mcpToolingParamsSchema, implAt(config, 'tooling', 'local'), config, ['tooling', 'local']),
      { transport: 'stdio', command: 'server', args: [], env: {}, cwd: '/srv' },
    );
    assert.deepEqual(
      parseParams(mcpToolingParamsSchema, implAt(config, 'tooling', 'remote'), config, ['tooling', 'remote']),
      { transport: 'http', url: 'https://mcp.example/v1', headers: { 'X-Team': 'brains' } },
    );
  });

  it('points an unknown MCP transport at the transport key', () => {
    const { config, file } = loadToml('[tooling.x]\nkind = "mcp"\ntransport = "sse"\nurl = "http://a"\n');
    const error = configErrorOf(() =>
      parseParams(mcpToolingParamsSchema, implAt(config, 'tooling', 'x'), config, ['tooling', 'x']),
    );
    assert.equal(error.message, `${file}:3:1: tooling.x.transport: expected one of "stdio", "http" (found "sse")`);
  });
});

describe('endpoint params', () => {
  it('fills mock request defaults', () => {
    const { config } = loadToml(`
[endpoint]
kind = "mock"
requests = [
  { model = "m", session_id = "s1", messages = [{ content = "hi" }, { role = "system", content = "be brief" }] },
  { model = "m", session_id = "s2", stream = true, params = { temperature = 0 }, session_end = { abort = 0 } },
]
`);
    assert.ok(config.endpoint);
    assert.deepEqual(parseParams(mockEndpointParamsSchema, config.endpoint, config, ['endpoint']), {
      requests: [
        {
          model: 'm',
          session_id: 's1',
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'system', content: 'be brief' },
          ],
          tools: [],
          params: null,
          stream: false,
        },
        {
          model: 'm',
          session_id: 's2',
          messages: [],
          tools: [],
          params: { temperature: 0 },
          stream: true,
          session_end: { abort: 0 },
        },
      ],
    });
  });

  it('rejects a session end that is neither close nor abort', () => {
    const { config, file } = loadToml(`
[endpoint]
kind = "mock"
requests = [{ model = "m", session_id = "s", session_end = { close = 1, abort = 2 } }]
`);
    assert.ok(config.endpoint);
    const endpoint = config.endpoint;
    const error = configErrorOf(() => parseParams(mockEndpointParamsSchema, endpoint, config, ['endpoint']));
    assert.equal(
      error.message,
      `${file}:4:46: endpoint.requests[0].session_end: expected { close = N } or { abort = N } (found a table)`,
    );
  });

  it('accepts only a numeric host:port to listen on', () => {
    const listenOn = (listen: string) => {
      const { config } = loadToml(`[endpoint]\nkind = "openai"\nlisten = "${listen}"\n`);
      assert.ok(config.endpoint);
      return parseParams(openaiEndpointParamsSchema, config.endpoint, config, ['endpoint']);
    };
    assert.deepEqual(listenOn('127.0.0.1:8080'), { listen: '127.0.0.1:8080' });
    assert.deepEqual(listenOn('[::1]:0'), { listen: '[::1]:0' });
    for (const bad of ['localhost:8080', '127.0.0.1', '127.0.0.1:70000', '::1:80']) {
      const error = configErrorOf(() => listenOn(bad));
      assert.match(error.message, /:3:1: endpoint\.listen: expected a numeric host:port such as 127\.0\.0\.1:8080/);
    }
  });
});

describe('runtime params', () => {
  it('defaults the WASI keys to deny and the Brainbench limits to their defaults', () => {
    const { config } = loadToml('[runtime.js]\nkind = "js"\n');
    assert.deepEqual(
      parseParams(interpretedRuntimeParamsSchema, implAt(config, 'runtime', 'js'), config, ['runtime', 'js']),
      {
        inherit_stdio: false,
        inherit_stdin: false,
        inherit_stdout: false,
        inherit_stderr: false,
        inherit_env: false,
        env: {},
        inherit_args: false,
        args: [],
        initial_cwd: null,
        preopens: [],
        allow_blocking_current_thread: false,
        insecure_random_seed: null,
        max_random_size: null,
        allow_ip_name_lookup: false,
        allow_udp: false,
        allow_tcp: false,
        inherit_network: false,
        max_busy_ms: 5000,
        max_memory_mb: 256,
        max_stack_kb: 512,
        deadline_ms: 0,
        max_output_lines: 10000,
      },
    );
  });

  it('reads preopens, interpreter and limits', () => {
    const { config } = loadToml(`
[runtime.rhai]
kind = "rhai"
interpreter = "custom-rhai.wasm"
preopens = [
  { host_path = "data", guest_path = "/data" },
  { host_path = "out", guest_path = "/out", perms = "read_write" },
]
deadline_ms = 2000
`);
    const params = parseParams(interpretedRuntimeParamsSchema, implAt(config, 'runtime', 'rhai'), config, [
      'runtime',
      'rhai',
    ]);
    assert.equal(params.interpreter, 'custom-rhai.wasm');
    assert.equal(params.deadline_ms, 2000);
    assert.deepEqual(params.preopens, [
      { host_path: 'data', guest_path: '/data', perms: 'read_only' },
      { host_path: 'out', guest_path: '/out', perms: 'read_write' },
    ]);
  });

  it('takes the language limits on rhai runtimes only', () => {
    const { config, file } = loadToml(`
[runtime.rhai]
kind = "rhai"
max_operations = 100000
max_string_size = 0

[runtime.js]
kind = "js"
max_operations = 100000
`);
    const rhai = parseParams(rhaiRuntimeParamsSchema, implAt(config, 'runtime', 'rhai'), config, ['runtime', 'rhai']);
    assert.deepEqual([rhai.max_operations, rhai.max_string_size, rhai.max_array_size], [100000, 0, undefined]);
    const js = configErrorOf(() =>
      parseParams(interpretedRuntimeParamsSchema, implAt(config, 'runtime', 'js'), config, ['runtime', 'js']),
    );
    assert.match(
      js.message,
      new RegExp(
        `^${file}:9:1: runtime\\.js\\.max_operations: expected one of the keys .*\\(found "max_operations"\\)$`,
      ),
    );
  });

  it('rejects an interpreter for wasm and a typo in a preopen', () => {
    const { config, file } = loadToml(`
[runtime.wasm]
kind = "wasm"
interpreter = "x.wasm"

[runtime.js]
kind = "js"
preopens = [{ host_path = "a", guest_path = "/a", perm = "read_only" }]
`);
    const wasm = configErrorOf(() =>
      parseParams(wasmRuntimeParamsSchema, implAt(config, 'runtime', 'wasm'), config, ['runtime', 'wasm']),
    );
    assert.deepEqual([wasm.line, wasm.keyPath, wasm.found], [4, 'runtime.wasm.interpreter', 'found "interpreter"']);

    const js = configErrorOf(() =>
      parseParams(interpretedRuntimeParamsSchema, implAt(config, 'runtime', 'js'), config, ['runtime', 'js']),
    );
    assert.equal(
      js.message,
      `${file}:8:51: runtime.js.preopens[0].perm: expected one of the keys host_path, guest_path, perms (found "perm")`,
    );
  });

  it('rejects an unknown preopen permission', () => {
    const { config, file } = loadToml(
      '[runtime.js]\nkind = "js"\npreopens = [{ host_path = "a", guest_path = "/a", perms = "rw" }]\n',
    );
    const error = configErrorOf(() =>
      parseParams(interpretedRuntimeParamsSchema, implAt(config, 'runtime', 'js'), config, ['runtime', 'js']),
    );
    assert.equal(
      error.message,
      `${file}:3:51: runtime.js.preopens[0].perms: expected one of "read_only", "read_write" (found "rw")`,
    );
  });
});
