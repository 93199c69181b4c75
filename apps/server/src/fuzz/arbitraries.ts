import fc from 'fast-check';

/**
 * Inputs for the fuzz test over every route: values a route's schema accepts (so that a request
 * gets past its checks and reaches the database) with one or more hostile values among them.
 */

/** A JSON schema as `z.toJSONSchema` writes the routes' query and body documentation. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

const NUL = '\u0000';

/** What a client may send that a careless check lets through to a statement. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  // text PostgreSQL cannot store
  fc.string({ maxLength: 8 }).map((s) => `${s}${NUL}${s}`),
  fc.constant(NUL),
  // dates and times outside what a column holds, or not dates at all
  fc.constantFrom(
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '99999-12-31',
    '+099999-12-31T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '1899-12-31',
    '2024-02-30',
    '9999-12-31T23:59:59-12:00',
    '2024-13-01T00:00:00',
  ),
  // numbers beyond integer, bigint and numeric columns, fractions where a whole number belongs
  fc.constantFrom(
    2147483648,
    -2147483649,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
    0.5,
    -1,
    0,
    -0,
    '2147483648',
    '-2147483649',
    '99999999999999999999',
    '9223372036854775808',
    '1e400',
    'NaN',
    'Infinity',
    '99999999999999.9999',
    '0.00000000001',
    '-99999999999999',
  ),
  fc.integer(),
  fc.double(),
  // text too long for any column, and text with characters of every plane
  fc.constantFrom('x'.repeat(5000), '汉'.repeat(4001), '\uD800', '\u202E', '%', '%E0%A4%A'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  // wrong types and nested junk
  fc.constantFrom(null, true, false, [], {}, [1, 2], { a: { b: [NUL] } }, [[[]]], '', ' '),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(NUL)), { maxLength: 3 }),
);

const BIG_WHOLE = fc.constantFrom<unknown>(
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e21,
  -1,
  0,
  0.5,
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999',
);
const BAD_DATE = fc.constantFrom<unknown>(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01 BC',
  '99999-12-31',
  '2024-02-30',
  '1899-12-31',
  'infinity',
  '-infinity',
  'epoch',
  '2024-05-01T25:00:00Z',
);
const BIG_DECIMAL = fc.constantFrom<unknown>(
  '99999999999999',
  '99999999999999.9999',
  '-99999999999999',
  '1e400',
  'NaN',
  '-0.0001',
  1e20,
);
const BAD_TEXT = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => `${s}${NUL}`),
  fc.constantFrom<unknown>('x'.repeat(5000), '%', '\u202E'),
);

/** Hostile values aimed at what the key holds (by its schema or its name), or any hostile value. */
export function hostileFor(s: JsonSchema | undefined, key: string): fc.Arbitrary<unknown> {
  const t = s ? [...types(s), ...(s.anyOf ?? []).flatMap(types)] : [];
  const aimed: fc.Arbitrary<unknown>[] = [];
  if (t.includes('integer') || /_ID$|State|_NO$|Count|Level|Seq|Days|Round|Year|Page/.test(key))
    aimed.push(BIG_WHOLE);
  if (s?.format === 'date-time' || /Date|_At|Time|From|To$|As_Of|Month/.test(key)) aimed.push(BAD_DATE);
  if (t.includes('number') || /Qty|Price|Amount|Cost|Rate|Score|Weight|Value/.test(key))
    aimed.push(BIG_DECIMAL);
  if (t.includes('string')) aimed.push(BAD_TEXT);
  return aimed.length
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...aimed) }, { weight: 1, arbitrary: hostile })
    : hostile;
}

const types = (s: JsonSchema): string[] => (s.type === undefined ? [] : [s.type].flat());

/** Ids that exist, ids that do not, and keys of the users and roles the test signs in with. */
export const ids = fc.constantFrom(1, 2, 3, 999_999);

/** A value the schema accepts (as far as a JSON schema tells), for a key of the given name. */
export function valid(s: JsonSchema, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valid(a, key, depth)));
  const t = types(s).filter((x) => x !== 'null');
  switch (t[0]) {
    case 'integer': {
      if (/_ID$/.test(key)) return ids;
      const min = Math.max(s.minimum ?? -3, -3);
      const max = Math.min(s.maximum ?? 5, 5);
      return min <= max ? fc.integer({ min, max }) : fc.constant(s.minimum ?? 1);
    }
    case 'number':
      return fc.constantFrom(0, 1, 2.5, 10);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 || !s.items
        ? fc.constant([])
        : fc.array(valid(s.items, key, depth + 1), { maxLength: 3 });
    case 'object':
      if (depth > 3 || !s.properties) return fc.constant({});
      return objectOf(s, depth + 1);
    case 'string':
      return validText(s, key);
    default:
      return fc.oneof(fc.constantFrom(1, 'A1', true), ids);
  }
}

function validText(s: JsonSchema, key: string): fc.Arbitrary<string> {
  if (s.format === 'date-time') return fc.constantFrom('2024-05-01T08:00:00Z', '2024-05-01T08:00:00');
  if (s.format === 'email') return fc.constant('fuzz@example.com');
  if (s.pattern?.includes('[01]')) return fc.constantFrom('08:00', '23:59');
  if (s.pattern?.includes('\\d')) return fc.constantFrom('1', '2', '3');
  if (/Date|_At$|From|To$/.test(key)) return fc.constantFrom('2024-05-01', '2025-12-31', '2024/5/1');
  if (/Qty|Price|Amount|Cost|Rate|Score|Weight/.test(key)) return fc.constantFrom('1', '12.5', '0.0001');
  const max = Math.max(1, Math.min(s.maxLength ?? 20, 20));
  return fc.oneof(
    fc.constantFrom('A1', '1', '中文', 'true', '1,2'),
    fc.string({ minLength: 1, maxLength: max }),
  );
}

/**
 * An object the schema accepts: its required keys and at most three of the others, so that the
 * one hostile value put in is what a request is judged by (a list has hundreds of filters).
 */
function objectOf(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = Object.keys(props).filter((k) => s.required?.includes(k));
  // a sort the list does not offer is refused before anything else is read
  const optional = Object.keys(props).filter((k) => !s.required?.includes(k) && k !== 'Sort');
  return fc
    .subarray(optional, { maxLength: Math.min(3, optional.length) })
    .chain((picked) =>
      fc.record(Object.fromEntries([...required, ...picked].map((k) => [k, valid(props[k], k, depth)]))),
    );
}

/**
 * An input for one route: accepted values with hostile ones put in at a few known keys (or keys
 * taken from the other routes), or junk instead of the whole. `keys` are the route's known keys.
 */
export function inputFor(
  schema: JsonSchema | undefined,
  keys: readonly string[],
  pool: readonly string[],
): fc.Arbitrary<unknown> {
  const base = schema ? valid(schema) : fc.constant({});
  const known = keys.length ? keys : pool;
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...pool) },
  );
  const props = schema?.properties ?? {};
  // the key's value aimed at what it holds; an unknown key gets a value as hostile for its name
  const bad = key.chain((k) =>
    hostileFor(props[k.replace(/__\w+$/, '')] ?? props[k], k).map((v) => [k, v] as const),
  );
  const spoiled = fc.tuple(base, fc.array(bad, { minLength: 1, maxLength: 2 })).map(([b, bad]) => {
    const o = b && typeof b === 'object' && !Array.isArray(b) ? { ...b } : {};
    for (const [k, v] of bad) (o as Record<string, unknown>)[k] = v;
    return o;
  });
  return fc.oneof(
    { weight: 1, arbitrary: base },
    { weight: 6, arbitrary: spoiled },
    { weight: 1, arbitrary: hostile },
  );
}

/** A path parameter: an id that exists or not, or something that is no id at all. */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  ids.map(String),
  fc.constantFrom('0', '-1', '1.5', 'abc', '%00', '99999999999999999999', '%E0%A4%A', '%', 'x'.repeat(300)),
);

/** A query string from an input object: arrays repeat the key, as a browser's form would. */
export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return `?q=${enc(input)}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(input))
    for (const x of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${enc(x)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function enc(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  // a few raw, malformed escapes go as they are
  return s === '%' || s === '%E0%A4%A' ? s : encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'));
}
