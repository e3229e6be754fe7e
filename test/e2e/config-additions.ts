import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkbenchFixture } from './workbench-fixture.ts';

const REPO = join(import.meta.dirname, '../..');
const tomlArray = (values: string[]) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;

/** A `[tooling.<name>]` table for an MCP server run on stdio by this Node, from the repository. */
export const stdioTooling = (name: string, args: string[]): string =>
  `\n[tooling.${name}]\nkind = "mcp"\ntransport = "stdio"\ncommand = ${JSON.stringify(process.execPath)}\n` +
  `args = ${tomlArray(args)}\ncwd = ${JSON.stringify(REPO)}\n`;

/** Appends to the workspace's config, saves it through the workbench and loads the page afresh. */
export async function addToConfig(fx: WorkbenchFixture, text: string): Promise<void> {
  const config = join(fx.workspace, 'omw.toml');
  appendFileSync(config, text);
  await fx.workbench.writeFile('omw.toml', readFileSync(config, 'utf8'), null);
  await fx.page.goto(fx.server.url);
  await fx.page.getByTestId('workbench').waitFor();
}
