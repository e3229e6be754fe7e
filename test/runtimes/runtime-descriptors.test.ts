// The runtime descriptors are the one list of kinds: each names itself under its key, its engine
// module (what the agent process loads by the kind's name) builds an engine of that kind, and a
// new script brain from its template passes the engine's own check.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import type { EngineOptions } from '../../main/runtimes/engine.ts';
import type { EngineFactory } from '../../main/runtimes/runtime-descriptor.ts';
import { RUNTIMES } from '../../main/runtimes/runtimes.ts';

const options: EngineOptions = {
  hostCall: () => undefined,
  limits: { maxBusyMs: 1000, maxMemoryBytes: 64 * 1024 * 1024, maxStackBytes: 512 * 1024 },
  interrupt: new Int32Array(new SharedArrayBuffer(4)),
  print: () => undefined,
};

for (const [key, runtime] of Object.entries(RUNTIMES)) {
  test(`the ${key} descriptor names its kind, and its engine module builds that engine`, async () => {
    assert.equal(runtime.kind, key);
    const module = (await import(`../../main/runtimes/${key}/${key}-engine.ts`)) as { createEngine: EngineFactory };
    const params = runtime.params.parse({});
    const engine = await module.createEngine(options, params);
    try {
      assert.equal(engine.kind(), key);
      if (runtime.template.kind === 'text') {
        const brain = runtime.template.text('newbie');
        assert.deepEqual(engine.check(brain, `newbie${runtime.brain.extensions[0]}`), { ok: true });
      } else {
        assert.equal(runtime.brain.format, 'component');
        assert.ok(existsSync(runtime.template.file()), 'the copied template is built');
      }
    } finally {
      engine.dispose();
    }
  });
}
