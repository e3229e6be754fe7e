// Seeded random JavaScript brains for the instrumentation's differential test: the same seed
// gives the same program, so a failure found once is found again.

import { seededRandom } from '../../seeded-random.ts';

/** Random programs: nested functions, loops, branches, errors caught and not, prints and host calls. */
export function generatedBrain(seed: number): string {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (n: number): number => Math.floor(random() * n);
  const vars = ['a', 'b', 'c'];
  // A function calls only those defined before it, so every program ends, and soon.
  let callable = 3;
  const expr = (depth: number): string => {
    if (depth <= 0 || random() < 0.3) return pick([...vars, String(int(10)), 'acc.length', 'xs[i % 3]']);
    return pick([
      () => `(${expr(depth - 1)} ${pick(['+', '-', '*', '%', '<', '===', '&&', '||'])} ${expr(depth - 1)})`,
      () => (callable === 0 ? `${expr(depth - 1)}` : `f${int(callable)}(${expr(depth - 1)})`),
      () => `(${expr(depth - 1)} ? ${expr(depth - 1)} : ${expr(depth - 1)})`,
      () => `[${expr(depth - 1)}, ${expr(depth - 1)}].length`,
    ])();
  };
  const statement = (depth: number): string => {
    const lines = [
      () => `${pick(vars)} = ${expr(2)};`,
      () => `acc.push(${expr(2)});`,
      () => `if (${expr(1)}) { ${statement(depth - 1)} } else ${statement(depth - 1)}`,
      () => `for (let i = 0; i < ${int(4)}; i++) { ${statement(depth - 1)}\n ${statement(depth - 1)} }`,
      () => `try { ${statement(depth - 1)} } catch (e) { acc.push(String(e)); }`,
      () => `if (${expr(1)}) throw new Error("boom " + ${expr(1)});`,
      () => `if (${expr(1)} > 7) null.prop;`,
      () => `print("p", ${expr(1)});`,
      () => `omw.host.log("info", String(${expr(1)}));`,
      () => `{ const t = ${expr(1)}; acc.push(t); }`,
      () =>
        `switch (${expr(1)} % 3) { case 0: acc.push("zero"); break; case 1: acc.push("one"); default: acc.push("d"); }`,
    ];
    return depth <= 0 ? pick(lines.slice(0, 2))() : pick(lines)();
  };
  const functions = [0, 1, 2].map((k) => {
    callable = k;
    return `function f${k}(a) {\n  let b = a, c = ${k};\n  ${statement(2)}\n  ${statement(2)}\n  return ${expr(1)};\n}`;
  });
  callable = 3;
  const body = Array.from({ length: 3 + int(4) }, () => statement(3)).join('\n');
  return `const acc = []; const xs = [1, 2, 3]; let a = 1, b = 2, c = 3, i = 0;\n${functions.join('\n')}\n${body}\nacc.concat([a, b, c]);`;
}
