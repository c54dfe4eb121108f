import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** Schema kinds whose parse and encode differ, or that may: transforms, pipes and codecs, defaults, fallbacks. */
const DIRECTIONAL = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success', 'promise', 'custom', 'function']);

type Def = {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  innerType?: $ZodType;
  getter?: () => $ZodType;
};

/**
 * Whether parsing a value gives the same as encoding it: nothing anywhere in the schema transforms,
 * coerces, fills in a default or rewrites a string (trim, lower case). Then zod's parse, which is
 * compiled to a fast path for objects, serves instead of its encode, which is not, with the same
 * result: the same keys kept and dropped, the same checks.
 */
export function parsesAsItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (DIRECTIONAL.has(def.type) || def.coerce) return false;
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return false;
  const children: ($ZodType | undefined | null)[] = [
    ...Object.values(def.shape ?? {}),
    def.catchall,
    def.element,
    ...(def.items ?? []),
    def.rest,
    def.keyType,
    def.valueType,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.innerType,
    def.type === 'lazy' ? def.getter?.() : undefined,
  ];
  return children.every((child) => !child || parsesAsItEncodes(child, seen));
}

/**
 * The response serializer: fastify-type-provider-zod's (zod encode, then JSON.stringify), except that
 * a schema for which parsing and encoding agree is parsed. A payload that does not match its schema
 * goes to the library's serializer, so it fails exactly as before.
 */
type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

export const responseSerializerCompiler: FastifySerializerCompiler<ZodRouteSchema['schema']> = (routeSchema) => {
  const encode = serializerCompiler(routeSchema);
  const schema = routeSchema.schema;
  if (!(schema instanceof $ZodType) || !parsesAsItEncodes(schema)) return encode;
  return (data) => {
    const result = safeParse(schema, data);
    return result.success ? JSON.stringify(result.data) : encode(data);
  };
};
