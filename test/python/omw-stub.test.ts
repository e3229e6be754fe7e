import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { OMW_PYTHON_API, renderOmwPyi } from '../../main/host-api/omw-python-api.ts';
import { pythonRuntime } from '../../main/runtimes/python/python-runtime.ts';
import { pythonEngineFixture, type EngineFixture } from './python-engine-fixture.ts';

const STUB = new URL('../../main/runtimes/python/omw.pyi', import.meta.url);

let fixture: EngineFixture;
before(async () => {
  fixture = await pythonEngineFixture({
    'provider.get': (name: string) => name,
    'tooling.get': (name: string) => name,
  });
});
after(() => fixture.engine.dispose());

test('omw.pyi is current: it is what scripts/gen-omw-pyi.ts makes of the WIT tables', () => {
  assert.equal(readFileSync(STUB, 'utf8'), renderOmwPyi(), 'run `node --import tsx scripts/gen-omw-pyi.ts`');
});

test("omw.pyi is valid Python to Python's own compiler", async () => {
  assert.deepEqual(await pythonRuntime.check!(readFileSync(STUB, 'utf8'), 'omw.pyi'), { ok: true });
});

test('the API the editor and the stub describe is the one a brain gets, name for name', () => {
  const names = (owner: string) =>
    OMW_PYTHON_API.filter((api) => api.owner === owner)
      .map((api) => api.name)
      .sort()
      .join(' ');
  const public_ = (expression: string) => `' '.join(sorted(n for n in dir(${expression}) if not n.startswith('_')))`;
  assert.equal(fixture.exitOf(public_('omw.host')), names('host'));
  assert.equal(
    fixture.exitOf(public_('omw.provider.get("p")')),
    `${names('provider')} name`.split(' ').sort().join(' '),
  );
  assert.equal(fixture.exitOf(public_('omw.tooling.get("t")')), `${names('tooling')} name`.split(' ').sort().join(' '));
  assert.equal(fixture.exitOf(public_('omw.provider')), names('omw.provider'));
});
