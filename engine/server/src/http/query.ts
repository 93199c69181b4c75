/**
 * The query string as the routes read it. An empty value (`?Dept_ID=`, as the spec's client sends
 * a filter it has no value for) means the parameter is absent: otherwise an optional number read
 * from '' became 0 and was refused, and a list filter compared with an empty text. A repeated key
 * gives an array, as Fastify's own parser does.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    if (value === '') continue;
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}
