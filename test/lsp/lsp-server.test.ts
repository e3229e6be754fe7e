// `brainbench lsp` as an editor meets it: the real command in a child process, driven by the
// protocol library's own client connection over the child's standard input and output.

import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CompletionRequest,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type CompletionItem,
  type CompletionList,
  type DocumentSymbol,
  type InitializeResult,
  type Location,
  type MarkupContent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

const BRAIN = `const LIMIT = 3;
let counter = 0;
/// Adds two numbers.
fn add(a, b) {
  let sum = a + b;
  sum
}
fn other() { 1 }
let llm = omw::provider::get("main");
let total = add(1, 2);
omw::host::wait_for(15000);
`;

describe('brainbench lsp over standard input/output', () => {
  let child: ChildProcessWithoutNullStreams;
  let client: ProtocolConnection;
  let initialized: InitializeResult;
  let stderr = '';
  const published: PublishDiagnosticsParams[] = [];
  const waiting: (() => void)[] = [];

  /** The next diagnostics published for `uri` at `version` (or, for a closed file, without one). */
  async function diagnosticsFor(uri: string, version?: number): Promise<PublishDiagnosticsParams> {
    for (;;) {
      const found = published.find((p) => p.uri === uri && p.version === version);
      if (found) {
        published.splice(published.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  const open = (uri: string, text: string) =>
    client.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'rhai', version: 1, text },
    });

  async function complete(uri: string, line: number, character: number): Promise<CompletionItem[]> {
    const result = await client.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line, character },
    });
    return Array.isArray(result) ? result : ((result as CompletionList | null)?.items ?? []);
  }

  async function hoverText(uri: string, line: number, character: number): Promise<string | undefined> {
    const hover = await client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
    return (hover?.contents as MarkupContent | undefined)?.value;
  }

  before(async () => {
    child = spawn(process.execPath, [BRAINBENCH, 'lsp', '--stdio'], { stdio: 'pipe' });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    client.onNotification(PublishDiagnosticsNotification.type, (params) => {
      published.push(params);
      for (const wake of waiting.splice(0)) wake();
    });
    client.listen();
    initialized = await client.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      workspaceFolders: null,
    });
    await client.sendNotification(InitializedNotification.type, {});
  });

  after(() => {
    client.dispose();
    if (child.exitCode === null) child.kill();
  });

  it('answers initialize with its name and the features it serves', () => {
    assert.equal(initialized.serverInfo?.name, 'brainbench');
    const { capabilities } = initialized;
    assert.deepEqual(capabilities.completionProvider?.triggerCharacters, [':', '.']);
    assert.equal(capabilities.hoverProvider, true);
    assert.equal(capabilities.documentSymbolProvider, true);
    assert.equal(capabilities.definitionProvider, true);
  });

  it('publishes a parse error with its exact range (in UTF-16 units), updates it on change, clears it when fixed', async () => {
    const uri = 'file:///brains/broken.rhai';
    await open(uri, 'let s = "hi";\nlet x = s + (1 + ;\nlet y = 2;\n');
    const broken = await diagnosticsFor(uri, 1);
    assert.equal(broken.diagnostics.length, 1, JSON.stringify(broken.diagnostics));
    const [problem] = broken.diagnostics;
    assert.equal(problem!.message, "Unexpected ';'");
    assert.equal(problem!.source, 'rhai');
    assert.deepEqual(problem!.range, { start: { line: 1, character: 17 }, end: { line: 1, character: 18 } });

    // The emoji is one column to Rhai's parser (column 27 for the `;`) and two UTF-16 units to LSP.
    await open('file:///brains/wide.rhai', 'let s = "😀"; let x = (1 + ;\n');
    const wide = await diagnosticsFor('file:///brains/wide.rhai', 1);
    assert.deepEqual(wide.diagnostics[0]!.range, {
      start: { line: 0, character: 27 },
      end: { line: 0, character: 28 },
    });

    // An incremental change: `(1 + ;` becomes `(1 + 2);`.
    await client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 17 }, end: { line: 1, character: 18 } }, text: '2);' }],
    });
    assert.deepEqual((await diagnosticsFor(uri, 2)).diagnostics, []);

    await client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 3 },
      contentChanges: [{ text: 'fn f( {\n' }],
    });
    const again = await diagnosticsFor(uri, 3);
    assert.ok(again.diagnostics.length > 0);
    assert.ok(again.diagnostics.every((d) => d.range.start.line === 0));

    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    assert.deepEqual((await diagnosticsFor(uri)).diagnostics, []);
  });

  it('completes the omw API after omw::, replacing the segment being typed', async () => {
    const uri = 'file:///brains/omw.rhai';
    await open(uri, 'let t = omw::host::ti\nomw::\n');
    assert.deepEqual((await diagnosticsFor(uri, 1)).diagnostics.length > 0, true);
    const items = await complete(uri, 0, 21);
    const timeNow = items.find((item) => item.label === 'host::time_now');
    assert.ok(timeNow, items.map((item) => item.label).join(', '));
    assert.equal(timeNow.detail, 'omw::host::time_now() -> u64');
    // Only `ti` is replaced, and the filter text starts where it does: a client that filters by the
    // word at the cursor (Neovim's omnifunc) keeps the item.
    assert.deepEqual(timeNow.textEdit, {
      range: { start: { line: 0, character: 19 }, end: { line: 0, character: 21 } },
      newText: 'time_now',
    });
    assert.equal(timeNow.filterText, 'time_now');
    assert.ok(
      items.every((item) => item.label.startsWith('host::')),
      'after omw::host:: only host functions are offered',
    );
    const labels = (await complete(uri, 1, 5)).map((item) => item.label);
    for (const path of ['host::wait_for', 'host::memory_get_as', 'provider::get', 'tooling::get', 'host::recv'])
      assert.ok(labels.includes(path), path);
    // Nothing but the omw API there: no keyword, no standard library function.
    assert.ok(!labels.includes('let') && !labels.includes('len'));
  });

  it('completes names in scope, script functions, keywords and the standard library in plain code', async () => {
    const uri = 'file:///brains/brain.rhai';
    await open(uri, BRAIN);
    assert.deepEqual((await diagnosticsFor(uri, 1)).diagnostics, []);

    // Inside `add`, after `let sum`: its parameters and local, never the script's top-level names.
    const inside = await complete(uri, 5, 2);
    const insideLabels = inside.map((item) => item.label);
    for (const name of ['a', 'b', 'sum', 'add', 'other', 'let', 'fn', 'omw', 'len', 'print'])
      assert.ok(insideLabels.includes(name), name);
    for (const name of ['LIMIT', 'counter', 'llm', 'total']) assert.ok(!insideLabels.includes(name), name);
    const add = inside.find((item) => item.label === 'add');
    assert.equal(add?.detail, 'fn add(a, b)');

    // At the end of the script: the top-level names, not `add`'s locals.
    const labels = (await complete(uri, 11, 0)).map((item) => item.label);
    for (const name of ['LIMIT', 'counter', 'llm', 'total', 'add']) assert.ok(labels.includes(name), name);
    for (const name of ['a', 'b', 'sum']) assert.ok(!labels.includes(name), name);
  });

  it('completes a provider handle’s methods after `handle.`', async () => {
    const uri = 'file:///brains/handle.rhai';
    await open(uri, 'let llm = omw::provider::get("main");\nllm.\n');
    await diagnosticsFor(uri, 1);
    const items = await complete(uri, 1, 4);
    const chat = items.find((item) => item.label === 'chat');
    assert.equal(chat?.detail, 'chat(model, messages, tools, params) -> result<chat-result, string>');
    assert.ok(items.some((item) => item.label === 'chat_stream'));
    assert.ok(!items.some((item) => item.label === 'call_tool'));
  });

  it('shows the signature and docs of omw functions and script functions on hover', async () => {
    const uri = 'file:///brains/brain.rhai';
    const omw = await hoverText(uri, 10, 14);
    assert.match(omw ?? '', /omw::host::wait_for\(ms\) -> result<string, string>/);
    assert.match(omw ?? '', /Calls `host.wait-for`/);
    const fn = await hoverText(uri, 9, 13);
    assert.equal(fn, '```rhai\nfn add(a, b)\n```\n\nAdds two numbers.');
    assert.equal(await hoverText(uri, 9, 0), undefined);
  });

  it('lists functions, constants and variables as document symbols', async () => {
    const symbols = (await client.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri: 'file:///brains/brain.rhai' },
    })) as DocumentSymbol[];
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind, s.selectionRange.start.line, s.selectionRange.start.character]),
      [
        ['LIMIT', 14, 0, 6],
        ['counter', 13, 1, 4],
        ['add', 12, 3, 3],
        ['other', 12, 7, 3],
        ['llm', 13, 8, 4],
        ['total', 13, 9, 4],
      ],
    );
    const add = symbols.find((s) => s.name === 'add')!;
    assert.deepEqual(add.range, { start: { line: 3, character: 0 }, end: { line: 6, character: 1 } });
  });

  it('goes from a call to the script function’s fn, and from a name to its declaration', async () => {
    const uri = 'file:///brains/brain.rhai';
    const toFn = (await client.sendRequest(DefinitionRequest.type, {
      textDocument: { uri },
      position: { line: 9, character: 13 },
    })) as Location[];
    assert.deepEqual(toFn, [{ uri, range: { start: { line: 3, character: 3 }, end: { line: 3, character: 6 } } }]);
    const toLocal = (await client.sendRequest(DefinitionRequest.type, {
      textDocument: { uri },
      position: { line: 5, character: 3 },
    })) as Location[];
    assert.deepEqual(toLocal, [{ uri, range: { start: { line: 4, character: 6 }, end: { line: 4, character: 9 } } }]);
  });

  it('answers a request about a document it was never sent without ending the session', async () => {
    assert.deepEqual(await complete('file:///never/opened.rhai', 0, 0), []);
    assert.equal(await hoverText('file:///brains/brain.rhai', 400, 2), undefined);
    assert.ok((await complete('file:///brains/brain.rhai', 11, 0)).length > 0);
  });

  it('ends with exit code 0 after shutdown and exit, having written nothing to stderr', async () => {
    await client.sendRequest(ShutdownRequest.type);
    const exited = once(child, 'exit');
    await client.sendNotification(ExitNotification.type);
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0);
    assert.equal(stderr, '');
  });
});

it('ends with exit code 1 when the client goes away without shutdown (standard input closed)', async () => {
  const child = spawn(process.execPath, [BRAINBENCH, 'lsp'], { stdio: 'pipe' });
  const exited = once(child, 'exit');
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  assert.equal(code, 1);
});
