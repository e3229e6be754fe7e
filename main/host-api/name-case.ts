// WIT names are kebab-case. Each binding spells them its own way: omw's Rust serde names and the
// Rhai and Python bindings in snake_case, the JavaScript binding and jco in camelCase, the
// generated TypeScript types in PascalCase.

const memo = (convert: (kebab: string) => string): ((kebab: string) => string) => {
  const seen = new Map<string, string>();
  return (kebab) => {
    let name = seen.get(kebab);
    if (name === undefined) {
      name = convert(kebab);
      seen.set(kebab, name);
    }
    return name;
  };
};

/** `finish-reason` → `finish_reason`. */
export const snakeCase = memo((kebab) => kebab.replaceAll('-', '_'));

/** `finish-reason` → `finishReason`; `base64-encode` → `base64Encode`. */
export const camelCase = memo((kebab) => kebab.replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase()));

/** `chat-message` → `ChatMessage`. */
export const pascalCase = memo((kebab) => camelCase(`-${kebab}`));
