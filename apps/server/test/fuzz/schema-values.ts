import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document writes the zod contracts) the fuzzer reads. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const str = (min = 0, max = min + 24) => fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, min + 24)), unit: 'grapheme' });

function stringValue(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? min + 24;
  switch (s.format) {
    case 'email':
      return fc.emailAddress({ size: 'small' }).map((e) => (e.length <= max ? e : `a@b.in`));
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1950-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl({ size: 'small' }).map((u) => u.slice(0, max));
    case 'uuid':
      return fc.uuid();
  }
  if (s.pattern && s.pattern.length < 60) {
    try {
      return fc.stringMatching(new RegExp(s.pattern), { size: 'small' }).map((v) => v.slice(0, max));
    } catch {
      // A pattern fast-check cannot read: plain strings instead, which the server will mostly refuse.
    }
  }
  return fc.oneof(str(min, max), fc.constant('a'.repeat(Math.min(max, Math.max(min, 1)))));
}

function numberValue(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that fit the schema, or nearly: what a well-behaved client would send. */
export function validValue(schema: JsonSchema, resolve: (ref: string) => JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return validValue(resolve(schema.$ref), resolve, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(a, resolve, depth)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf.map((a) => (a.$ref ? resolve(a.$ref) : a))), resolve, depth);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, resolve, depth)));
  switch (schema.type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      return depth > 4 ? fc.constant([]) : fc.array(validValue(schema.items ?? {}, resolve, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v, resolve, depth + 1)]));
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

// Deep nesting travels as a marker that toJson expands, since building and cloning a value
// thousands of levels deep would overflow the fuzzer's own stack before the server's.
const NEST = /"\\u0001nest:(\d+):(\w)"/g;
const nested = (depth: number, asObject: boolean) => `\u0001nest:${depth}:${asObject ? 'o' : 'a'}`;

/** The JSON text of a generated value, deep nesting expanded. */
export const toJson = (v: unknown): string =>
  (JSON.stringify(v) ?? 'null').replace(NEST, (_, d: string, kind: string) => (kind === 'o' ? '{"a":'.repeat(Number(d)) + '1' + '}'.repeat(Number(d)) : '['.repeat(Number(d)) + ']'.repeat(Number(d))));

/** Strings that have broken servers: NUL, half a surrogate pair, maths and markup bombs, limits. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud83d', 'x\udc00y', '\ufeff', '\u202eevil', 'e\u0301\u0301\u0301', '\uffff', '\u2028\u2029',
    '$' + '{'.repeat(1000) + '$', `$${'{'.repeat(1000)}x${'}'.repeat(1000)}$`, `$$${'\\frac{1}{'.repeat(300)}x${'}'.repeat(300)}$$`,
    `$${'\\sqrt{'.repeat(300)}x${'}'.repeat(300)}$`, '$x$ '.repeat(2_001), `$${'x+'.repeat(1_500)}x$`,
    '__proto__', 'constructor', 'prototype', 'NaN', 'Infinity', '-0', '1e308', '-1e308', '99999999999999999999999999', '0x10',
    '', ' ', '\t\n', '../../../etc/passwd', '..%2f..%2f', '%00', '%', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --", '" OR 1=1 --', '{{7*7}}', '${7*7}', 'javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example',
    '[x](javascript:alert(1))', '![x](http://169.254.169.254/)', '\\', '`'.repeat(500), '*'.repeat(5000), '>'.repeat(2000),
    '2024-13-45T99:99:99Z', 'true', 'null', '[]', '{}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '$', '{', '}', '\\', '😀', 'é', '\u200b'), maxLength: 60 }),
  fc.record({ unit: fc.constantFrom('a', 'é', '😀', '\u0000', '$$'), n: fc.constantFrom(255, 256, 2_000, 2_001, 20_001, 70_000) }).map(({ unit, n }) => unit.repeat(n)),
);

/** Any value a hostile client could put where the schema expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(-0, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -1, 0, 1.5, 4294967296, true, false, null, [], {}),
  fc.record({ depth: fc.constantFrom(50, 1_000, 5_000), asObject: fc.boolean() }).map(({ depth, asObject }) => nested(depth, asObject)),
  fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}').map((s) => JSON.parse(s) as unknown),
  fc.array(hostileString, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

type Mutation = { kind: 'keep' | 'replace' | 'drop' | 'extra' | 'append' | 'whole'; pick: number; value: unknown; key: string };

/** Every path to a value inside v, the root first. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (v && typeof v === 'object' && out.length < 200) for (const [k, c] of Object.entries(v)) paths(c, [...at, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

function update(v: unknown, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) return v;
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** A valid value, mutated one hostile way: a part replaced, dropped or poisoned, a key added. */
export function mutate(valid: unknown, m: Mutation): unknown {
  const all = paths(valid);
  const path = all[m.pick % all.length]!;
  switch (m.kind) {
    case 'keep':
      return valid;
    case 'whole':
      return m.value;
    case 'replace':
      return path.length ? update(valid, path, (p, k) => void (p[k] = m.value)) : m.value;
    case 'drop':
      return path.length ? update(valid, path, (p, k) => void (Array.isArray(p) ? p.splice(Number(k), 1) : delete p[k])) : undefined;
    case 'append': {
      const strings = all.filter((p) => typeof p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], valid) === 'string');
      const target = strings[m.pick % Math.max(strings.length, 1)];
      if (!target) return valid;
      const suffix = typeof m.value === 'string' ? m.value : JSON.stringify(m.value);
      return target.length ? update(valid, target, (p, k) => void (p[k] = `${String(p[k])}${suffix}`)) : `${String(valid)}${suffix}`;
    }
    case 'extra':
      return valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid, [m.key]: m.value } : valid;
  }
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('keep', 'keep', 'replace', 'replace', 'drop', 'extra', 'append', 'append', 'whole'),
  pick: fc.nat(),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'isAdmin', 'authorId', 'createdAt', ''), fc.string({ maxLength: 12 })),
});
