// The recipes in docs/recipes/ run as written: each YAML is parsed as GitHub Actions and
// Kubernetes would read it, the commands its steps and containers run are taken out with the
// matrix values and the completion index substituted, run here shard by shard and then merged,
// and the merged results must be the results of the example eval run unsharded.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { parse, parseAllDocuments } from 'yaml';

import { readResults } from '../../main/evals/results-reader.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/brainbench.mjs');
const exec = promisify(execFile);

let workspace: string;

/** A step's shell command run as the recipe's shell would, with `npx brainbench` this checkout's. */
async function sh(command: string, cwd: string, env: Record<string, string> = {}): Promise<void> {
  const line = command.replaceAll('npx brainbench', `node ${JSON.stringify(BIN)}`);
  try {
    await exec('sh', ['-c', line], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} failed:\n${failed.stderr ?? ''}${failed.stdout ?? ''}`, { cause: error });
  }
}

/** Two results files, without what differs between any two runs (times), the recordings compared by their calls. */
function comparable(file: string): unknown {
  const { header, trials } = readResults(file);
  const { createdAt: _createdAt, eval: evalFile, config, dataset, ...rest } = header;
  return {
    header: { ...rest, eval: { ...evalFile, file: undefined }, config: config.sha256, dataset: dataset.sha256 },
    trials: trials.map(({ durationMs: _durationMs, recording, ...trial }) => ({
      ...trial,
      // The budget scorer's reason quotes the trial's latency: a time, as the duration is.
      scores: trial.scores.map((score) => ({
        ...score,
        reason: score.reason?.replace(/latency [\d.]+ ms/, 'latency … ms'),
      })),
      recording: recording.split('/').at(-1),
      calls: readFileSync(join(file, '..', recording), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{"kind":"call"'))
        .map((line) => {
          const { op, args, value } = JSON.parse(line) as Record<string, unknown>;
          return { op, args, value };
        }),
    })),
  };
}

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'brainbench-recipes-'));
  cpSync(join(ROOT, 'examples/evals'), join(workspace, 'examples/evals'), { recursive: true });
  await sh('npx brainbench eval run examples/evals/qa.eval.toml --out whole.jsonl', workspace);
});

test('the GitHub Actions recipe: its matrix shards and merge job give the unsharded results and a report to post', async () => {
  const workflow = parse(readFileSync(join(ROOT, 'docs/recipes/github-actions-eval.yml'), 'utf8')) as {
    jobs: Record<
      string,
      { needs?: string; strategy?: { matrix: Record<string, unknown[]> }; steps: { run?: string; uses?: string }[] }
    >;
  };
  const { shard, merge } = workflow.jobs;
  assert.ok(shard && merge, 'a shard job and a merge job');
  assert.equal(merge.needs, 'shard');
  const cwd = join(workspace, 'actions');
  mkdirSync(cwd);
  cpSync(join(workspace, 'examples'), join(cwd, 'examples'), { recursive: true });
  const brainbenchSteps = (steps: { run?: string }[]) =>
    steps.flatMap((step) => (step.run?.includes('brainbench') ? [step.run] : []));
  const others = [...shard.steps, ...merge.steps].flatMap((step) =>
    step.run && !step.run.includes('brainbench') ? [step.run.split(' ')[0]] : [],
  );
  assert.deepEqual([...new Set(others)], ['npm', 'gh'], 'besides brainbench, only the install and the comment');

  const values = shard.strategy!.matrix['shard']!;
  assert.ok(values.length > 1);
  // The matrix's jobs run side by side; download-artifact with merge-multiple puts their files together.
  await Promise.all(
    values.map(async (value) => {
      for (const run of brainbenchSteps(shard.steps))
        await sh(run.replaceAll('${{ matrix.shard }}', String(value)), cwd);
    }),
  );
  for (const value of values)
    assert.ok(existsSync(join(cwd, `eval-shard-${value}.xml`)), 'each shard wrote its JUnit report');
  for (const run of brainbenchSteps(merge.steps)) await sh(run, cwd);
  assert.deepEqual(comparable(join(cwd, 'eval.jsonl')), comparable(join(workspace, 'whole.jsonl')));
  const comment = merge.steps.find((step) => step.run?.startsWith('gh pr comment'))!.run!;
  const body = /--body-file (\S+)/.exec(comment)![1]!;
  assert.match(
    readFileSync(join(cwd, body), 'utf8'),
    /^### Eval `.*qa\.eval\.toml`\n\n\*\*\d+\/72\*\* trials passed over 24 cases/,
  );
});

test('the Kubernetes recipe: its Indexed Job writes the shards to the volume, the merge Job the unsharded results', async () => {
  const documents = parseAllDocuments(readFileSync(join(ROOT, 'docs/recipes/k8s-eval-job.yaml'), 'utf8')).map((d) =>
    d.toJS(),
  ) as {
    kind: string;
    metadata: { name: string };
    spec: {
      completionMode?: string;
      completions?: number;
      template: {
        spec: {
          containers: {
            command: string[];
            args: string[];
            workingDir: string;
            volumeMounts: { mountPath: string }[];
          }[];
        };
      };
    };
  }[];
  const jobs = documents.filter((d) => d.kind === 'Job');
  const indexed = jobs.find((job) => job.spec.completionMode === 'Indexed')!;
  const merge = jobs.find((job) => job !== indexed)!;
  assert.ok(indexed && merge);
  const volume = join(workspace, 'volume');
  mkdirSync(volume);
  const command = (job: (typeof jobs)[number]) => {
    const [container] = job.spec.template.spec.containers;
    assert.deepEqual(container!.command, ['sh', '-c']);
    const mount = container!.volumeMounts[0]!.mountPath;
    return container!.args[0]!.replaceAll(mount, volume);
  };
  const completions = indexed.spec.completions!;
  await Promise.all(
    Array.from({ length: completions }, (_, index) =>
      sh(command(indexed), workspace, { JOB_COMPLETION_INDEX: String(index) }),
    ),
  );
  await sh(command(merge), workspace);
  assert.deepEqual(comparable(join(volume, 'eval.jsonl')), comparable(join(workspace, 'whole.jsonl')));
  assert.match(readFileSync(join(volume, 'eval-report.md'), 'utf8'), /trials passed over 24 cases/);
});
