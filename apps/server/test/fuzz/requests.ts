import fc from 'fast-check';
import { hostileString, hostileValue, mutate, mutation, toJson, validValue, type JsonSchema } from './schema-values.js';

export type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};
export type Actor = 'none' | 'bogus' | 'candidate' | 'editor' | 'admin';
export type FuzzRequest = { method: string; url: string; actor: Actor; headers: Record<string, string>; payload?: string | Buffer };

/** Real targets for path parameters, so that some requests reach the handlers past the lookup. */
export type Targets = Record<string, string[]>;

/** The caller the route is meant for: most requests come from them, the rest from everyone else. */
export function intendedActor(op: Operation): Actor {
  const roles = /^For signed-in (.+?) only\./.exec(op.description ?? '')?.[1];
  if (roles === 'admins') return 'admin';
  if (roles) return 'editor';
  return op.security?.length === 1 ? 'candidate' : 'none';
}

/** Percent-encodes anything, half surrogate pairs included (as the bytes a broken client would send). */
export function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((c) => (/[\ud800-\udfff]/.test(c) ? `%ED%${(0xa0 + ((c.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%80` : encodeURIComponent(c))).join('');
  }
}

const raw = fc.constantFrom('%00', '..%2f..%2fetc%2fpasswd', '..', '%2e%2e', '%ZZ', '%', '%F0%9F', '%ED%A0%BD', 'a'.repeat(5_000), 'x%2Fy', '%20', '-1', '0', '1e308', 'NaN');
// A nesting marker (see toJson) becomes its deep JSON text here too.
const asText = (v: unknown) => (typeof v === 'string' && !v.startsWith('\u0001') ? v : typeof v === 'object' || typeof v === 'string' ? toJson(v) : String(v));

function pathSegment(name: string, targets: Targets): fc.Arbitrary<string> {
  const known = targets[name] ?? [];
  return fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known).map(encode) : fc.constant('x') },
    { weight: 2, arbitrary: raw },
    { weight: 2, arbitrary: hostileString.map((s) => encode(s).slice(0, 10_000) || 'x') },
  );
}

function queryString(params: NonNullable<Operation['parameters']>, resolve: (ref: string) => JsonSchema): fc.Arbitrary<string> {
  const query = params.filter((p) => p.in === 'query');
  const valid = fc.record(Object.fromEntries(query.map((p) => [p.name, validValue(p.schema, resolve)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) });
  const extraKeys = fc.constantFrom('__proto__', 'constructor[prototype][admin]', 'a[]', 'a[b]', '', ...query.map((p) => p.name));
  return fc
    .record({ valid, m: mutation, extras: fc.array(fc.tuple(extraKeys, fc.oneof(hostileString, raw)), { maxLength: 3 }), repeat: fc.boolean() })
    .map(({ valid: v, m, extras, repeat }) => {
      const mutated = (mutate(v, m) ?? {}) as Record<string, unknown>;
      const pairs: [string, string][] = typeof mutated === 'object' ? Object.entries(mutated).map(([k, val]) => [k, asText(val)]) : [['q', asText(mutated)]];
      if (repeat && pairs.length) pairs.push(pairs[0]!);
      const all = [...pairs.map(([k, v2]) => `${encode(k)}=${encode(v2)}`), ...extras.map(([k, v2]) => `${encode(k)}=${v2.startsWith('%') ? v2 : encode(v2)}`)];
      return all.length ? `?${all.join('&')}` : '';
    });
}

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A 1×1 PNG, so that some uploads are accepted. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Bodies for routes that take files (question import, media upload): bytes, truncated and garbage files. */
function rawBody(types: string[]): fc.Arbitrary<{ type: string; payload: Buffer }> {
  const type = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...types) }, fc.constantFrom('application/json', 'text/html', 'multipart/form-data; boundary=x', 'a/b;;;=', 'image/svg+xml'));
  const text = (s: string) => Buffer.from(s);
  const payload = fc.oneof(
    bytes(4_096),
    fc.constant(PNG),
    fc.nat({ max: PNG.length }).map((n) => PNG.subarray(0, n)),
    bytes(512).map((b) => Buffer.concat([PNG_HEAD, b])),
    fc.constantFrom(text('GIF89a'), text('\xff\xd8\xff'), text('RIFF\0\0\0\0WEBP'), text('<?xml version="1.0"?><quiz><question type="multichoice">'), text('<!DOCTYPE x [<!ENTITY a "aaaa">]><quiz>&a;</quiz>')),
    hostileString.map((s) => text(`::Q:: ${s} {=yes ~no}\n\ntype,stem,option1\nsingle,"${s}",a\n`)),
  );
  return fc.record({ type, payload });
}

/** Requests for one operation: path, query and body from its schemas, mutated, from any caller. */
export function requestsFor(method: string, path: string, op: Operation, targets: Targets, resolve: (ref: string) => JsonSchema): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const segments = fc.record(Object.fromEntries(pathNames.map((n) => [n, pathSegment(n, targets)])));
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const rawTypes = Object.keys(content).filter((t) => t !== 'application/json');
  const body: fc.Arbitrary<{ type?: string; payload?: string | Buffer }> = jsonSchema
    ? fc.record({ v: validValue(jsonSchema, resolve), m: mutation, type: fc.oneof({ weight: 9, arbitrary: fc.constant('application/json') }, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1')) }).map(({ v, m, type }) => {
        const mutated = mutate(v, m);
        return mutated === undefined ? { type } : { type, payload: toJson(mutated) };
      })
    : rawTypes.length
      ? rawBody(rawTypes)
      : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, hostileValue.map((v) => ({ type: 'application/json', payload: toJson(v) })));
  const intended = intendedActor(op);
  const actors: Actor[] = ['none', 'bogus', 'candidate', 'editor', 'admin'];
  const actor = path === '/api/auth/logout' ? fc.constantFrom<Actor>('none', 'bogus') : fc.oneof({ weight: 6, arbitrary: fc.constant(intended) }, { weight: 4, arbitrary: fc.constantFrom(...actors) });
  return fc.record({ segments, query: queryString(params, resolve), body, actor }).map(({ segments: s, query, body: b, actor: a }): FuzzRequest => ({
    method,
    url: path.replace(/\{(\w+)\}/g, (_, n: string) => s[n] ?? 'x') + query,
    actor: a,
    headers: b.type ? { 'content-type': b.type } : ({} as Record<string, string>),
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
  }));
}
