// A form generated from a tool's input schema (model/schema-form.ts): one field per property,
// nested objects as groups, arrays as lists, whatever a form cannot say as a JSON box. Each field
// shows its description, its required mark and the schema's problems about it.

import { useState } from 'react';
import type { SchemaProblem } from '../../../../contract/views.ts';
import {
  enumValues,
  fieldKind,
  getAt,
  initialValue,
  nonNull,
  numberFromText,
  problemsAt,
  setAt,
  type JsonSchema,
  type Path,
} from './schema-form.ts';

interface FieldProps {
  schema: JsonSchema;
  path: Path;
  name: string;
  required: boolean;
  value: unknown;
  onChange: (path: Path, next: unknown) => void;
  problems: readonly SchemaProblem[];
}

const fieldId = (path: Path) => `field-${path.join('.') || 'root'}`;

function Problems({ messages, id }: { messages: string[]; id: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="error-text field-problem" id={`${id}-problem`} data-testid="field-problem">
      {messages.join('; ')}
    </div>
  );
}

function Label({ name, required, schema, id }: { name: string; required: boolean; schema: JsonSchema; id: string }) {
  const type = nonNull(schema).type;
  return (
    <label htmlFor={id} className="field-label">
      <code>{name}</code>
      {required ? (
        <span className="required" title="required">
          *
        </span>
      ) : null}
      {type ? <span className="field-type">{String(type)}</span> : null}
    </label>
  );
}

function Description({ schema }: { schema: JsonSchema }) {
  const plain = nonNull(schema);
  const text = plain.description ?? schema.description;
  if (!text && plain.default === undefined) return null;
  return (
    <div className="field-description">
      {text}
      {plain.default !== undefined ? (
        <span className="field-default"> (default {JSON.stringify(plain.default)})</span>
      ) : null}
    </div>
  );
}

/** A JSON box for free-form values; its text is kept while it is not JSON, and said so. */
function JsonField({ id, value, onChange }: { id: string; value: unknown; onChange: (next: unknown) => void }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value));
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <>
      <textarea
        id={id}
        className="mono"
        rows={2}
        value={text}
        aria-invalid={problem !== undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setProblem(undefined);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(e.target.value));
            setProblem(undefined);
          } catch (error) {
            setProblem(`not JSON: ${(error as Error).message}`);
          }
        }}
      />
      <Problems messages={problem ? [problem] : []} id={`${id}-json`} />
    </>
  );
}

/** Its text is kept as typed (`1.`, `-`): the value is the number it makes, or the text. */
function NumberField({
  id,
  integer,
  value,
  onChange,
}: {
  id: string;
  integer: boolean;
  value: unknown;
  onChange: (next: unknown) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <input
      id={id}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(numberFromText(e.target.value));
      }}
    />
  );
}

function ArrayField({ schema, path, value, onChange, problems }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = nonNull(schema).items ?? {};
  return (
    <div className="field-array">
      {items.map((item, index) => (
        <div key={index} className="field-array-item">
          <Field
            schema={itemSchema}
            path={[...path, index]}
            name={`[${index}]`}
            required
            value={item}
            onChange={onChange}
            problems={problems}
          />
          <button
            type="button"
            aria-label={`remove item ${index}`}
            onClick={() =>
              onChange(
                path,
                items.filter((_, i) => i !== index),
              )
            }
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => onChange(path, [...items, initialValue(itemSchema) ?? null])}
        data-testid={`add-${path.join('.')}`}
      >
        + add
      </button>
    </div>
  );
}

function Control(props: FieldProps) {
  const { schema, path, value, onChange, required, problems } = props;
  const id = fieldId(path);
  const set = (next: unknown) => onChange(path, next);
  const kind = fieldKind(schema);
  const testid = `field-${path.join('.')}`;
  const invalid = problemsAt(problems, path).length > 0;
  switch (kind) {
    case 'string':
      return (
        <input
          id={id}
          data-testid={testid}
          aria-invalid={invalid}
          value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
          onChange={(e) => set(e.target.value === '' && !required ? undefined : e.target.value)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <span data-testid={testid} aria-invalid={invalid}>
          <NumberField id={id} integer={kind === 'integer'} value={value} onChange={set} />
        </span>
      );
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          data-testid={testid}
          checked={value === true}
          onChange={(e) => set(e.target.checked)}
        />
      );
    case 'enum': {
      const values = enumValues(schema);
      const at = values.findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
      return (
        <select
          id={id}
          data-testid={testid}
          aria-invalid={invalid}
          value={at}
          onChange={(e) => set(Number(e.target.value) < 0 ? undefined : values[Number(e.target.value)])}
        >
          <option value={-1}>{required ? '(choose)' : '(none)'}</option>
          {values.map((v, i) => (
            <option key={i} value={i}>
              {typeof v === 'string' ? v : JSON.stringify(v)}
            </option>
          ))}
        </select>
      );
    }
    case 'array':
      return <ArrayField {...props} />;
    case 'object':
      return <ObjectFields schema={schema} path={path} value={value} onChange={onChange} problems={problems} />;
    case 'json':
      return (
        <span data-testid={testid}>
          <JsonField id={id} value={value} onChange={set} />
        </span>
      );
  }
}

function Field(props: FieldProps) {
  const id = fieldId(props.path);
  const nested = fieldKind(props.schema) === 'object';
  return (
    <div className={`schema-field ${nested ? 'nested' : ''}`} data-field={props.path.join('.')}>
      <Label name={props.name} required={props.required} schema={props.schema} id={id} />
      <Description schema={props.schema} />
      <Control {...props} />
      <Problems messages={problemsAt(props.problems, props.path)} id={id} />
    </div>
  );
}

function ObjectFields({ schema, path, value, onChange, problems }: Omit<FieldProps, 'name' | 'required'>) {
  const plain = nonNull(schema);
  return (
    <div className="schema-object">
      {Object.entries(plain.properties ?? {}).map(([name, property]) => (
        <Field
          key={name}
          schema={property}
          path={[...path, name]}
          name={name}
          required={plain.required?.includes(name) ?? false}
          value={getAt(value, [name])}
          onChange={onChange}
          problems={problems}
        />
      ))}
    </div>
  );
}

/** The whole arguments object as a form; `value` is the object, `onChange` gets the next one. */
export function SchemaForm({
  schema,
  value,
  onChange,
  problems,
}: {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  problems: readonly SchemaProblem[];
}) {
  const properties = nonNull(schema).properties ?? {};
  if (Object.keys(properties).length === 0) return <div className="empty">The tool takes no arguments.</div>;
  return (
    <div className="schema-form" data-testid="schema-form">
      <ObjectFields
        schema={schema}
        path={[]}
        value={value}
        onChange={(path, next) => onChange(setAt(value, path, next) as Record<string, unknown>)}
        problems={problems}
      />
    </div>
  );
}
