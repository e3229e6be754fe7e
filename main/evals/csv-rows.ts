// CSV as RFC 4180 writes it: fields separated by commas, quoted with double quotes (a quote inside
// doubled), quoted fields may hold commas and line breaks; CRLF or LF ends a record.

export interface CsvRow {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    problem: string,
  ) {
    super(problem);
  }
}

export function csvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let column = 0;
  let rowLine = 1;
  let quoted = false;
  /** The field began with a quote and it has closed: only a separator or the record's end may follow. */
  let closed = false;
  let any = false;
  const endField = () => {
    fields.push(field);
    field = '';
    closed = false;
  };
  const endRow = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    any = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    column++;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
        column++;
      } else if (char === '"') {
        quoted = false;
        closed = true;
      } else {
        if (char === '\n') {
          line++;
          column = 0;
        }
        field += char;
      }
      continue;
    }
    if (char === ',') {
      endField();
      continue;
    }
    if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++;
      endRow();
      line++;
      column = 0;
      rowLine = line;
      continue;
    }
    if (closed) throw new CsvError(line, column, 'expected a comma or the end of the line after a closing quote');
    if (char === '"') {
      if (field !== '') throw new CsvError(line, column, 'a quote inside an unquoted field: quote the whole field');
      quoted = true;
      any = true;
      continue;
    }
    field += char;
    any = true;
  }
  if (quoted) throw new CsvError(line, column, 'a quoted field is not closed');
  if (any || fields.length > 0) endRow();
  return rows;
}
