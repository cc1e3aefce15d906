import { replaceAll } from './replaceAll';

const call = (text: string, search: string | RegExp, replacement: string | ((...args: never[]) => string)) =>
  replaceAll.call(text, search, replacement);

describe('replaceAll polyfill', () => {
  test('agrees with the built-in on strings, specials, patterns and replacer functions', () => {
    const cases: Array<[string, string | RegExp, string | ((m: string, offset: number) => string)]> = [
      ['1,234,567', ',', ''],
      ['a.b.c', '.', '-'],
      ['(x)(x)', '(x)', '[$&]'],
      ['aaa', 'a', '$$'],
      ['abc', '', '-'],
      ['a+b+c', '+', ' plus '],
      ['Aa aA', /a/gi, '_'],
      ['x1y2', /\d/g, (m: string, offset: number) => `<${m}@${offset}>`],
      ['no match', 'zz', 'y'],
    ];
    for (const [text, search, replacement] of cases) {
      expect(call(text, search, replacement as string)).toBe(text.replaceAll(search, replacement as string));
    }
  });

  test('refuses a non-global pattern as the built-in does', () => {
    expect(() => call('aa', /a/, 'b')).toThrow(TypeError);
  });
});
