// How the editor's JavaScript language service sees a brain, shared with the test that checks
// every example brain the same way. The enum values are TypeScript's own (Monaco's worker takes
// them as they are), written as numbers so that this module loads without Monaco.

/** `ScriptTarget.ES2020`: QuickJS runs ES2020 and later. */
const ES2020 = 7;
/** `ModuleDetectionKind.Force`. */
const EVERY_FILE_IS_A_MODULE = 3;

/**
 * Brains run on QuickJS with no DOM and no Node, the omw global typed. Each brain is its own
 * script: two open brains that both declare `llm` must not clash, as they would in one global
 * scope, so every file is taken as a module (declaration files such as the omw typings stay global).
 */
export const JS_BRAIN_COMPILER_OPTIONS = {
  target: ES2020,
  allowNonTsExtensions: true,
  checkJs: true,
  noLib: false,
  lib: ['es2020'],
  moduleDetection: EVERY_FILE_IS_A_MODULE,
};
