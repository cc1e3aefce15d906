/**
 * A link target taken from the query string, accepted only when it is a path of this site: it
 * starts with a single '/', has no backslash, whitespace or control character, and resolves to the
 * same origin. Anything else ('//evil.example', '/\\evil', 'https://…', 'javascript:…') is refused.
 */
export function safeAppPath(value: string | null | undefined, maxLength = 512): string | undefined {
  if (typeof value !== 'string' || !value || value.length > maxLength) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const base = 'http://same.invalid';
    if (new URL(value, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return value;
}
