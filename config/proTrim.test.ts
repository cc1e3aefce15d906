import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkReplacements, importsOf, keptTricks, ProTrimPlugin, REPLACEMENTS, type Replacement } from './proTrim';

describe('pro-components module replacements', () => {
  test('every replacement matches the installed pro-components', () => {
    expect(() => checkReplacements(REPLACEMENTS)).not.toThrow();
  });

  describe('against a package that changed', () => {
    let root: string;
    const answer = path.join(os.tmpdir(), 'pro-trim-answer.tsx');
    const replacement = (requests: string[]): Replacement => ({ trick: 'demo', issuer: 'pkg/es/index.js', requests, target: () => answer });
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'pro-trim-'));
      fs.mkdirSync(path.join(root, 'pkg/es/components/Kept'), { recursive: true });
      fs.writeFileSync(path.join(root, 'pkg/es/components/Kept/index.js'), 'export default 1;');
      fs.writeFileSync(path.join(root, 'pkg/es/Gone.js'), 'export default 2;');
      fs.writeFileSync(
        path.join(root, 'pkg/es/index.js'),
        'import Kept from "./components/Kept";\nimport { x } from "./Gone";\nimport "./components/Missing";\nexport { Kept, x };',
      );
      fs.writeFileSync(answer, 'export default null;');
    });
    afterAll(() => {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(answer, { force: true });
    });

    test('passes while the file still imports the module and both ends exist', () => {
      expect(() => checkReplacements([replacement(['./components/Kept', './Gone'])], root, [])).not.toThrow();
    });

    test('throws, naming the file and request, when the import is no longer there', () => {
      expect(() => checkReplacements([replacement(['./components/Renamed'])], root, [])).toThrow(
        "demo: pkg/es/index.js no longer imports './components/Renamed'",
      );
    });

    test('throws when the importing file or the replaced module is gone', () => {
      expect(() => checkReplacements([{ ...replacement(['./a']), issuer: 'pkg/lib/index.js' }], root, [])).toThrow(
        'demo: pkg/lib/index.js no longer exists',
      );
      expect(() => checkReplacements([replacement(['./components/Missing'])], root, [])).toThrow(
        "demo: './components/Missing' of pkg/es/index.js does not exist",
      );
    });

    test('throws when our answering module or an aliased package is missing', () => {
      expect(() => checkReplacements([{ ...replacement(['./Gone']), target: () => '/nowhere/Field.tsx?Gone' }], root, [])).toThrow(
        "demo: /nowhere/Field.tsx, which answers './Gone', does not exist",
      );
      expect(() => checkReplacements([], root, [{ trick: 'lodash', from: 'lodash', to: 'lodash-es' }])).toThrow(
        'lodash: lodash is no longer installed',
      );
    });
  });

  test('reads static, re-export, side-effect and dynamic imports', () => {
    const source = `import a from './a';\nimport { b,\n c } from "./b";\nexport { d } from './d';\nimport './e';\nconst f = import('./f');`;
    expect([...importsOf(source)]).toEqual(['./a', './b', './d', './e', './f']);
  });

  test('BUNDLE_KEEP names the tricks a measurement builds without', () => {
    expect([...keptTricks(' locale, digit ,')]).toEqual(['locale', 'digit']);
    expect(keptTricks(undefined).size).toBe(0);
  });

  describe('the webpack plugin', () => {
    const issuer = path.join('/app', 'node_modules', '@ant-design', 'pro-utils', 'es', 'index.js');
    const replacements: Replacement[] = [
      {
        trick: 'a',
        issuer: '@ant-design/pro-utils/es/index.js',
        requests: ['./components/ErrorBoundary', './other'],
        target: () => '/ours.tsx',
      },
    ];

    test("answers the named file's import and no other file's", () => {
      const plugin = new ProTrimPlugin(replacements);
      const data = { request: './components/ErrorBoundary', contextInfo: { issuer } };
      expect(plugin.replace(data)).toBe(true);
      expect(data.request).toBe('/ours.tsx');
      const elsewhere = { request: './components/ErrorBoundary', contextInfo: { issuer: '/app/node_modules/x/es/index.js' } };
      expect(plugin.replace(elsewhere)).toBe(false);
      expect(elsewhere.request).toBe('./components/ErrorBoundary');
    });

    test('fails the build when a replacement matched no import', () => {
      const plugin = new ProTrimPlugin(replacements);
      let resolve: (data: { request: string; contextInfo: { issuer?: string } }) => void = () => undefined;
      let afterCompile: (compilation: { errors: Error[]; compiler: { isChild(): boolean } }) => void = () => undefined;
      plugin.apply({
        hooks: {
          normalModuleFactory: { tap: (_, fn) => fn({ hooks: { beforeResolve: { tap: (__, f) => (resolve = f) } } }) },
          afterCompile: { tap: (_, fn) => (afterCompile = fn) },
        },
      });
      resolve({ request: './components/ErrorBoundary', contextInfo: { issuer } });
      const compilation = { errors: [] as Error[], compiler: { isChild: () => false } };
      afterCompile(compilation);
      expect(compilation.errors).toHaveLength(1);
      expect(compilation.errors[0].message).toContain("@ant-design/pro-utils/es/index.js → './other'");
      expect(compilation.errors[0].message).not.toContain('ErrorBoundary');
      resolve({ request: './other', contextInfo: { issuer } });
      const later = { errors: [] as Error[], compiler: { isChild: () => false } };
      afterCompile(later);
      expect(later.errors).toEqual([]);
    });
  });
});
