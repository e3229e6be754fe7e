// Monaco from the local package, never a CDN: the editor core, its standard features (hover,
// find, suggest, folding), the JavaScript language service for JS brains, Monaco's python tokens,
// and our languages (with `omw` completion for Python brains).

import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import { javascriptDefaults } from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TypeScriptWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { JS_BRAIN_COMPILER_OPTIONS } from './js-brain-compiler-options.ts';
import { OMW_JS_TYPES } from '../../../../../main/host-api/omw-js-types.ts';
import { registerPythonOmw } from './python-omw-completion.ts';
import { registerRhai } from './rhai-language.ts';
import { registerToml } from './toml-language.ts';

self.MonacoEnvironment = {
  getWorker: (_id, label) =>
    label === 'typescript' || label === 'javascript' ? new TypeScriptWorker() : new EditorWorker(),
};

javascriptDefaults.setCompilerOptions(JS_BRAIN_COMPILER_OPTIONS);
// Syntax errors come from QuickJS on the host (the `js` kind's check), as the runtime reports them.
javascriptDefaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: true });
javascriptDefaults.addExtraLib(OMW_JS_TYPES, 'file:///omw.d.ts');

registerRhai(monaco);
registerPythonOmw(monaco);
registerToml(monaco);
loader.config({ monaco });

export { monaco };
