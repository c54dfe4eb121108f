import { answerSaveResponseSchema } from '@abhyas/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer.js';

type Tree = { name: string; children: Tree[] };
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));

const plain = z.object({
  id: z.string().min(1),
  kind: z.enum(['a', 'b']),
  count: z.number().int(),
  tags: z.array(z.string()),
  when: z.iso.datetime().nullable(),
  note: z.string().optional(),
  pair: z.tuple([z.number(), z.boolean()]),
  either: z.union([z.literal('x'), z.object({ y: z.number() })]),
  map: z.record(z.string(), z.number()),
  tree,
});

const both = (schema: z.ZodType) => {
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
  return { ours: responseSerializerCompiler(route), theirs: serializerCompiler(route) };
};

describe('parsesAsItEncodes', () => {
  it('is true for schemas of plain values, however nested, recursive ones included', () => {
    expect(parsesAsItEncodes(plain)).toBe(true);
    expect(parsesAsItEncodes(answerSaveResponseSchema)).toBe(true);
  });

  it('is false when anything anywhere transforms, coerces, defaults or rewrites', () => {
    const inside = (s: z.ZodType) => z.object({ outer: z.array(z.object({ inner: s })) });
    for (const s of [
      z.string().transform((v) => v.length),
      z.string().default('x'),
      z.string().prefault('x'),
      z.string().catch('x'),
      z.string().trim(),
      z.string().toLowerCase(),
      z.coerce.number(),
      z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
      z.string().pipe(z.email()),
    ]) {
      expect(parsesAsItEncodes(s)).toBe(false);
      expect(parsesAsItEncodes(inside(s))).toBe(false);
    }
  });
});

describe('responseSerializerCompiler', () => {
  it('writes what the zod encoder writes, unknown keys dropped', () => {
    const { ours, theirs } = both(plain);
    const value = {
      id: 'q1',
      kind: 'b',
      count: 3,
      tags: ['t'],
      when: null,
      pair: [1, true],
      either: { y: 2, extra: 'dropped' },
      map: { a: 1 },
      tree: { name: 'root', children: [{ name: 'leaf', children: [], secret: 'dropped' }] },
      passwordHash: 'dropped',
    };
    expect(ours(value)).toBe(theirs(value));
    expect(ours(value)).not.toMatch(/dropped/);
  });

  it('fails a payload that does not match its schema as the zod encoder does', () => {
    const { ours, theirs } = both(plain);
    const wrong = { id: '', kind: 'c' };
    const failure = (f: (v: unknown) => string) => {
      try {
        f(wrong);
      } catch (err) {
        return { name: (err as Error).name, message: (err as Error).message, cause: String((err as { cause?: unknown }).cause) };
      }
      throw new Error('it should have failed');
    };
    expect(failure(ours)).toEqual(failure(theirs));
  });

  it('leaves schemas whose parse and encode differ to the zod encoder', () => {
    // Parsing would fill the default in; encoding refuses the missing value.
    const defaulted = both(z.object({ n: z.string().default('d') }));
    expect(() => defaulted.theirs({})).toThrow();
    expect(() => defaulted.ours({})).toThrow();

    const { ours, theirs } = both(z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }));
    const value = { at: new Date(Date.UTC(2026, 10, 24)) };
    expect(ours(value)).toBe('{"at":"2026-11-24T00:00:00.000Z"}');
    expect(ours(value)).toBe(theirs(value));
  });
});
