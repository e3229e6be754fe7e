/** The `[runtime.<name>] kind`s this build runs; the agent process has an engine for each. */
export const RUNTIME_KINDS = ['js', 'rhai', 'wasm'] as const;

export type RuntimeKind = (typeof RUNTIME_KINDS)[number];

export const isRuntimeKind = (kind: string): kind is RuntimeKind => (RUNTIME_KINDS as readonly string[]).includes(kind);
