import type { RuntimeKindView } from '../../../../contract/views.ts';

/** The editor's language for a file: a brain's from its runtime kind, TOML for configs. */
export function editorLanguageOf(path: string, runtimeKinds: readonly RuntimeKindView[]): string {
  const runtime = runtimeKinds.find((kind) => kind.extensions.some((extension) => path.endsWith(extension)));
  if (runtime?.editorLanguage) return runtime.editorLanguage;
  if (path.endsWith('.toml')) return 'toml';
  return 'plaintext';
}
