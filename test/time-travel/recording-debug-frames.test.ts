// A recording's debug session read as the live debugger is (docs/debugging.md#time-travel-in-a-recording),
// through the workbench's API, for a Rhai, a JS and a Python brain on real agent processes: stopped in
// `inner`, called from `outer`, the outer frame's scopes are read by its id, its object local opened
// two levels down by reference, an expression evaluated in it, and its Memory scope read; Step Back
// gives a new stop, after which the old stop's references are refused. The brain text shown is the
// one that runs. Hostile: a reference of another session and one out of range are refused in one
// line; a recording whose brain text is 3 MB, or binary, is shown in part, or marked.

import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { NESTED_BRAINS, NESTED_EXPRESSION, NESTED_KEYS, NESTED_LINES } from './nested-brains.ts';
import { COUNTING_BRAINS, EXTENSIONS, recordCounting, type Kind } from './past-fixture.ts';

async function opened(dir: string): Promise<Workbench> {
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(dir);
  return workbench;
}

const oneLine = (error: unknown) => {
  const text = (error as Error).message;
  return !text.includes('\n');
};

for (const kind of ['rhai', 'js', 'python'] as Kind[]) {
  describe(`every frame of a ${kind} recording's debug session`, { timeout: 180_000 }, () => {
    it('shows its scopes, values to any depth by reference, and evaluates in it', async () => {
      const { dir } = await recordCounting(kind, 2, 'rec.jsonl', NESTED_BRAINS[kind]);
      const brain = `brain.${EXTENSIONS[kind]}`;
      const workbench = await opened(dir);
      try {
        workbench.setSourceBreakpoints(brain, [{ line: NESTED_LINES.inner }], null);
        const recorded = workbench.recordingDebugging;
        const view = await recorded.start('rec.jsonl', 'a', 2, 'continue', false);
        assert.deepEqual(
          view.frames.map((f) => [f.name, f.line]),
          [
            ['inner', NESTED_LINES.inner],
            ['outer', NESTED_LINES.outerCall],
            ['<brain>', NESTED_LINES.mainCall],
          ],
        );
        assert.ok(view.scopes.some((s) => s.name === 'Locals'));

        const outer = view.frames[1]!;
        const scopes = await recorded.scopes('rec.jsonl', 'a', view.stop, outer.id);
        assert.deepEqual(
          scopes.map((s) => s.name).filter((name) => name !== 'Globals'),
          ['Locals', 'Memory'],
        );
        const locals = await recorded.variables('rec.jsonl', 'a', view.stop, scopes[0]!.variablesReference, null, null);
        // Iteration 2 read n = 1 (iteration 1 wrote 0 * 2 + 1).
        assert.equal(locals.find((v) => v.name === 'n')?.value, '1');
        const box = locals.find((v) => v.name === 'box')!;
        assert.ok(box.variablesReference > 0, `box opens: ${JSON.stringify(box)}`);
        const keys = NESTED_KEYS[kind];
        const inBox = await recorded.variables('rec.jsonl', 'a', view.stop, box.variablesReference, null, null);
        const a = inBox.find((v) => v.name === keys.a)!;
        assert.ok(a, JSON.stringify(inBox));
        const inA = await recorded.variables('rec.jsonl', 'a', view.stop, a.variablesReference, null, null);
        const b = inA.find((v) => v.name === keys.b)!;
        const inB = await recorded.variables('rec.jsonl', 'a', view.stop, b.variablesReference, null, null);
        assert.deepEqual(
          inB.map((v) => v.value),
          ['1', '2'],
        );
        const evaluated = await recorded.evaluateIn('rec.jsonl', 'a', view.stop, outer.id, NESTED_EXPRESSION[kind]);
        assert.equal(evaluated.result, '2');
        // `x` is inner's: the top frame (null) has it, the outer frame does not.
        assert.equal((await recorded.evaluateIn('rec.jsonl', 'a', view.stop, null, 'x')).result, '1');
        await assert.rejects(recorded.evaluateIn('rec.jsonl', 'a', view.stop, outer.id, 'x'));
        const memory = scopes.find((s) => s.name === 'Memory')!;
        assert.deepEqual(
          (await recorded.variables('rec.jsonl', 'a', view.stop, memory.variablesReference, null, null)).map((v) => [
            v.name,
            v.value,
          ]),
          [['n', '1']],
        );

        // The text that runs, whole: the workspace's brain.
        const source = recorded.source('rec.jsonl', 'a', view.iteration, view.line);
        assert.deepEqual(
          [source.source, source.text, source.firstLine, source.binary, source.brain],
          [brain, NESTED_BRAINS[kind], 1, false, view.brain],
        );

        // A move makes a new stop: the old one's references could name other values now.
        const back = await recorded.move('rec.jsonl', 'a', 'step-back');
        assert.ok(back.stop > view.stop);
        await assert.rejects(
          recorded.variables('rec.jsonl', 'a', view.stop, box.variablesReference, null, null),
          (error) =>
            oneLine(error) && /is not at stop \d+ \(it is at stop \d+\): read its view again/.test(String(error)),
        );
        // Out of range at the current stop: the engine says it has no such reference.
        await assert.rejects(
          recorded.variables('rec.jsonl', 'a', back.stop, 987_654, null, null),
          (error) => oneLine(error) && /987654/.test(String(error)),
        );
        await assert.rejects(recorded.scopes('rec.jsonl', 'a', back.stop, 99), (error) => oneLine(error));
      } finally {
        await workbench.close();
      }
    });
  });
}

describe("a recording's debug session refuses what is not its own", { timeout: 180_000 }, () => {
  it("another session's stop and references, and a text too long or binary is shown safely", async () => {
    const { dir, recording } = await recordCounting('js', 2);
    copyFileSync(recording, join(dir, 'other.jsonl'));
    const workbench = await opened(dir);
    try {
      const recorded = workbench.recordingDebugging;
      const mine = await recorded.start('rec.jsonl', 'a', 1, 'entry', false);
      const other = await recorded.start('other.jsonl', 'a', 1, 'entry', false);
      assert.notEqual(mine.stop, other.stop);
      const memory = other.scopes.find((s) => s.name === 'Memory')!;
      // The other session's stop and reference, asked of this one.
      await assert.rejects(
        recorded.variables('rec.jsonl', 'a', other.stop, memory.variablesReference, null, null),
        /is not at stop/,
      );
      await assert.rejects(recorded.scopes('rec.jsonl', 'a', other.stop, 1), /is not at stop/);
      assert.throws(() => recorded.source('rec.jsonl', 'a', 9, 1), /holds no iteration 9 of "a"/);
      assert.throws(() => recorded.source('nothing.jsonl', 'a', 1, 1), /cannot read "nothing.jsonl": no such file/);

      // The recording's own brain text: 3 MB of comment lines before the brain, then a NUL in a comment.
      const lines = readFileSync(recording, 'utf8').split('\n');
      const header = JSON.parse(lines[0]!) as { brains: Record<string, { source?: string }> };
      const padding = `// ${'x'.repeat(297)}\n`.repeat(10_000);
      header.brains.a!.source = padding + COUNTING_BRAINS.js;
      writeFileSync(join(dir, 'huge.jsonl'), [JSON.stringify(header), ...lines.slice(1)].join('\n'));
      const huge = await recorded.start('huge.jsonl', 'a', 1, 'entry', true);
      assert.equal(huge.line, 10_001);
      assert.equal(huge.code, COUNTING_BRAINS.js.split('\n')[0]);
      const shown = recorded.source('huge.jsonl', 'a', huge.iteration, huge.line);
      assert.equal(shown.lines, 10_011);
      assert.equal(shown.firstLine, 9_001);
      assert.equal(shown.text.split('\n')[huge.line - shown.firstLine], COUNTING_BRAINS.js.split('\n')[0]);
      assert.ok(shown.text.length < 1_000_000, `${shown.text.length} characters sent`);
      assert.match(shown.cut ?? '', /lines 9001 to 10011 of 10011 are shown/);
      assert.notEqual(huge.brain, mine.brain);

      header.brains.a!.source = `// \u0000\u0001\u001b[2J binary\n${COUNTING_BRAINS.js}`;
      writeFileSync(join(dir, 'binary.jsonl'), [JSON.stringify(header), ...lines.slice(1)].join('\n'));
      const binary = await recorded.start('binary.jsonl', 'a', 1, 'entry', true);
      const text = recorded.source('binary.jsonl', 'a', binary.iteration, binary.line);
      assert.equal(text.binary, true);
      assert.equal(text.cut, undefined);
      assert.equal(text.firstLine, 1);
    } finally {
      await workbench.close();
    }
  });
});
