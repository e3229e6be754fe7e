// docs/lsp.md's Neovim recipe, run as written in a real Neovim (Debian's, 0.7 on Debian 12)
// against a real `brainbench lsp`: the client attaches, publishes diagnostics, and completion
// after `omw::host::ti` keeps `time_now` through Neovim's own filter of completion items (the
// one its omnifunc uses), which drops items whose inserted text does not start with the word at
// the cursor.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

/** The recipe's Lua, from the docs, with its command pointed at this checkout. */
function recipe(): string {
  const docs = readFileSync('docs/lsp.md', 'utf8');
  const section = docs.slice(docs.indexOf('### Neovim'));
  const lua = /```lua\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(lua, 'the Neovim section has a Lua recipe');
  const command = "cmd = { 'npx', 'brainbench', 'lsp' },";
  assert.ok(lua.includes(command), 'the recipe starts the server with npx brainbench lsp');
  return lua.replace(command, `cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(BRAINBENCH)}, 'lsp' },`);
}

/** Opens the brain, waits for the server, asks for completion, filters as the omnifunc does. */
const driver = (file: string, out: string) => `
vim.cmd('edit ${file}')
local bufnr = vim.api.nvim_get_current_buf()
local attached = vim.wait(60000, function()
  local clients = vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.initialized then return true end
  end
  return false
end, 50)
local lines = { 'attached ' .. tostring(attached), 'filetype ' .. vim.bo[bufnr].filetype, 'omnifunc ' .. vim.bo[bufnr].omnifunc }
local diagnosed = vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
table.insert(lines, 'diagnostics ' .. tostring(diagnosed))
local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 0, character = 21 } }
local results = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 30000) or {}
for _, response in pairs(results) do
  local line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
  local start = vim.fn.match(line:sub(1, 21), '\\\\k*$')
  local prefix = line:sub(start + 1, 21)
  table.insert(lines, 'prefix ' .. prefix)
  for _, item in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(response.result, prefix)) do
    table.insert(lines, 'item ' .. item.word)
  end
end
vim.fn.writefile(lines, '${out}')
vim.cmd('qa!')
`;

test("docs/lsp.md's Neovim recipe attaches in a real Neovim and completes omw::host::ti with time_now", () => {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, 'nvim runs (scripts/test.mjs installs Debian’s neovim when it is missing)');
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-nvim-'));
  try {
    writeFileSync(
      join(dir, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "brain.rhai"\n',
    );
    const brain = join(dir, 'brain.rhai');
    // Line 2 does not parse: the server reports it.
    writeFileSync(brain, 'let t = omw::host::ti\nlet = ;\n');
    writeFileSync(join(dir, 'init.lua'), recipe());
    const out = join(dir, 'out.txt');
    writeFileSync(join(dir, 'driver.lua'), driver(brain, out));
    const nvim = spawnSync(
      'nvim',
      ['--headless', '-n', '-i', 'NONE', '-u', join(dir, 'init.lua'), '-c', `luafile ${join(dir, 'driver.lua')}`],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 180_000,
        env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_STATE_HOME: dir },
      },
    );
    assert.equal(nvim.status, 0, nvim.stderr);
    const lines = readFileSync(out, 'utf8').split('\n');
    assert.deepEqual(lines.slice(0, 5), [
      'attached true',
      'filetype rhai',
      'omnifunc v:lua.vim.lsp.omnifunc',
      'diagnostics true',
      'prefix ti',
    ]);
    const items = lines.filter((line) => line.startsWith('item ')).map((line) => line.slice(5));
    assert.ok(items.includes('time_now'), `Neovim kept ${items.join(', ') || 'no item'}`);
    assert.ok(
      items.every((item) => item.startsWith('ti')),
      'only what goes on from ti is offered',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
