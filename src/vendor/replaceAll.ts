// String.prototype.replaceAll arrived in Chrome 85; government PCs run Chromium-80-class browsers and
// the build ships no polyfills (.umirc polyfill: false). pro-components calls it. core-js's version
// brings 16 KiB gzip of RegExp machinery; this one leans on String.prototype.replace, which already
// implements the same substitution rules ($&, $1, replacer functions).
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function replaceAll(this: string, search: string | RegExp, replacement: string | ((...args: never[]) => string)): string {
  if (search instanceof RegExp) {
    if (!search.flags.includes('g')) throw new TypeError('replaceAll must be called with a global RegExp');
    return this.replace(search, replacement as string);
  }
  return this.replace(new RegExp(escapeRegExp(String(search)), 'g'), replacement as string);
}

if (typeof String.prototype.replaceAll !== 'function') {
  Object.defineProperty(String.prototype, 'replaceAll', { value: replaceAll, configurable: true, writable: true });
}
