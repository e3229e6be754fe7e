// A logpoint's text: `{expression}` parts are evaluated in the stopped frame, `{{` and `}}` are
// literal braces. A part that fails to evaluate shows its error in place, so one bad
// expression does not silence the rest of the message.

export function logPointMessage(template: string, evaluate: (expression: string) => string): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const c = template[i]!;
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      out += c;
      i += 2;
      continue;
    }
    if (c !== '{') {
      out += c;
      i += 1;
      continue;
    }
    const end = template.indexOf('}', i + 1);
    if (end < 0) {
      out += template.slice(i);
      break;
    }
    const expression = template.slice(i + 1, end);
    try {
      out += evaluate(expression);
    } catch (error) {
      out += `<${(error as Error).message}>`;
    }
    i = end + 1;
  }
  return out;
}
