// A long Rhai brain, written as long ones are: a counter at the top, then block after block of a
// documented function, top-level variables that read the counter and call the function, and
// omw calls. Each block is five lines.

export function largeBrain(lines: number): string {
  const out = ['let counter = 0;'];
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `/// Adds ${i} to what it is given.`,
      `fn helper_${i}(value) { value + ${i} }`,
      `let reply_${i} = omw::host::memory_get_as("key_${i}");`,
      `let total_${i} = counter + helper_${i}(${i});`,
      `omw::host::log("info", \`total \${total_${i}}\`);`,
    );
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}
