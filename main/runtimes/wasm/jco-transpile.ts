// jco's transpiler and wasm-tools, loaded only when a component is not in the cache: importing
// them costs a few hundred milliseconds that a cache hit never pays.

type Tools = typeof import('@bytecodealliance/jco-transpile/wasm-tools');
type Transpiler = typeof import('@bytecodealliance/jco-transpile');

type JcoTranspile = Pick<Tools, 'componentEmbed' | 'componentNew' | 'componentWit' | 'metadataShow'> &
  Pick<Transpiler, 'transpileBytes'>;

let loaded: Promise<JcoTranspile> | undefined;

export function jcoTranspile(): Promise<JcoTranspile> {
  loaded ??= Promise.all([
    import('@bytecodealliance/jco-transpile/wasm-tools'),
    import('@bytecodealliance/jco-transpile'),
  ]).then(([tools, transpiler]) => ({
    componentEmbed: tools.componentEmbed,
    componentNew: tools.componentNew,
    componentWit: tools.componentWit,
    metadataShow: tools.metadataShow,
    transpileBytes: transpiler.transpileBytes,
  }));
  return loaded;
}
