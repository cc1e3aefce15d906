// What pro-components (and antd's Table) bring to every admin page that nothing shows on first paint, answered by
// lighter modules of ours or loaded on first use (docs/decisions/0047-pro-components-trim.md).
// Each replacement names the package file that imports the module and the exact import request:
// `checkReplacements` throws while the configuration loads when that file or request no longer
// exists (a pro-components upgrade moved it), and `ProTrimPlugin` fails the build when a
// replacement never matched an import webpack resolved. `BUNDLE_KEEP=locale,digit` (trick names
// below) builds without the named tricks, to measure what each saves.
import fs from 'node:fs';
import path from 'node:path';

export interface Replacement {
  /** The trick this replacement belongs to (the ADR's table, BUNDLE_KEEP). */
  trick: string;
  /** The package file whose imports are replaced, relative to node_modules. */
  issuer: string;
  /** Its import requests to replace, exactly as written in that file. */
  requests: string[];
  /** The module that answers a request: an absolute path, optionally with a `?query`. */
  target: (request: string) => string;
}

const vendor = path.resolve(__dirname, '../src/vendor');
const PRO_FIELD_INDEX = '@ant-design/pro-field/es/index.js';

/** pro-field's value types no admin page shows on first paint: loaded when first rendered. */
export const LAZY_VALUE_TYPES = [
  'Cascader',
  'Code',
  'ColorPicker',
  'DigitRange',
  'FromNow',
  'Image',
  'Money',
  'Password',
  'Percent',
  'Progress',
  'Rate',
  'Second',
  'Segmented',
  'Slider',
  'Switch',
  'TreeSelect',
];

/** pro-provider's interface languages other than Chinese (ADR 0005: the interface is Chinese only). */
const OTHER_LANGUAGES = ['ar_EG', 'ca_ES', 'cs_CZ', 'de_DE', 'en_GB', 'en_US', 'es_ES', 'fa_IR', 'fr_FR', 'he_IL', 'hr_HR', 'id_ID']
  .concat(['it_IT', 'ja_JP', 'ko_KR', 'mn_MN', 'ms_MY', 'nl_NL', 'pl_PL', 'pt_BR', 'ro_RO', 'ru_RU', 'sk_SK', 'sr_RS'])
  .concat(['sv_SE', 'th_TH', 'tr_TR', 'uk_UA', 'uz_UZ', 'vi_VN', 'zh_HK', 'zh_TW']);

const fieldLazy = (request: string) => `${path.join(vendor, 'proFieldLazy.tsx')}?${path.basename(request)}`;

export const REPLACEMENTS: Replacement[] = [
  {
    trick: 'locale',
    issuer: '@ant-design/pro-provider/es/intl.js',
    requests: OTHER_LANGUAGES.map((name) => `./locale/${name}`),
    target: () => path.join(nodeModules(), '@ant-design/pro-provider/es/locale/zh_CN.js'),
  },
  {
    trick: 'valueTypes',
    issuer: PRO_FIELD_INDEX,
    requests: LAZY_VALUE_TYPES.map((name) => `./components/${name}`),
    target: fieldLazy,
  },
  {
    trick: 'dates',
    issuer: PRO_FIELD_INDEX,
    requests: ['./components/DatePicker', './components/RangePicker', './components/TimePicker'],
    target: (request) => path.join(vendor, 'lazyDate', `${path.basename(request)}.tsx`),
  },
  {
    trick: 'columnSetting',
    issuer: '@ant-design/pro-table/es/components/ToolBar/index.js',
    requests: ['../ColumnSetting'],
    target: () => path.join(vendor, 'lazyColumnSetting.tsx'),
  },
  // The schema form (ProTable's search form) imports every layout and schema value type; the admin
  // uses its QueryFilter only. ProForm, ModalForm, DrawerForm and QueryFilter stay whole.
  {
    trick: 'schemaForm',
    issuer: '@ant-design/pro-form/es/components/SchemaForm/index.js',
    requests: ['../../layouts/LightFilter', '../../layouts/StepsForm', './layoutType'],
    target: () => path.join(vendor, 'schemaFormParts.tsx'),
  },
  {
    trick: 'schemaForm',
    issuer: '@ant-design/pro-form/es/components/SchemaForm/valueType/index.js',
    requests: ['./formList', './formSet'],
    target: () => path.join(vendor, 'schemaFormParts.tsx'),
  },
  {
    trick: 'tableTree',
    issuer: 'antd/es/table/hooks/useFilter/FilterDropdown.js',
    requests: ['../../../tree'],
    target: () => path.join(vendor, 'lazyTree.tsx'),
  },
  {
    trick: 'digit',
    issuer: PRO_FIELD_INDEX,
    requests: ['./components/Digit'],
    target: fieldLazy,
  },
  // pro-layout's page header imports two icons by the package's root paths, which are CommonJS: they
  // brought a second copy of the icon base and rc-util's DOM helpers to every admin page (ADR 0060).
  {
    trick: 'esIcons',
    issuer: '@ant-design/pro-layout/es/components/PageHeader/index.js',
    requests: ['@ant-design/icons/ArrowLeftOutlined', '@ant-design/icons/ArrowRightOutlined'],
    target: (request) => path.join(nodeModules(), '@ant-design/icons/es/icons', `${path.basename(request)}.js`),
  },
  {
    trick: 'errorBoundary',
    issuer: '@ant-design/pro-utils/es/index.js',
    requests: ['./components/ErrorBoundary'],
    target: () => path.join(vendor, 'ErrorBoundary.tsx'),
  },
];

/** Packages answered by another package: ahooks and pro-layout import lodash, pro-components lodash-es. */
export const ALIASES: Array<{ trick: string; from: string; to: string }> = [{ trick: 'lodash', from: 'lodash', to: 'lodash-es' }];

export function nodeModules() {
  return path.resolve(__dirname, '../node_modules');
}

/** Every import request written in a module's source (static, re-export and dynamic). */
export function importsOf(source: string): Set<string> {
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) found.add(match[1] ?? match[2] ?? match[3]);
  return found;
}

const resolvesTo = (file: string) =>
  [file, `${file}.js`, path.join(file, 'index.js')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());

/** Whether an import request of `issuerFile` names a file that exists: relative, or a package path. */
function requestExists(issuerFile: string, request: string, root: string) {
  if (request.startsWith('.')) return Boolean(resolvesTo(path.resolve(path.dirname(issuerFile), request)));
  return Boolean(resolvesTo(path.join(root, request)));
}

/**
 * Throws, naming the trick, the file and the request, when a replacement no longer fits the
 * installed packages: its issuer is gone, no longer imports the request, the replaced module is
 * gone, or our answering module is missing.
 */
export function checkReplacements(replacements: Replacement[], root = nodeModules(), aliases = ALIASES) {
  const problems: string[] = [];
  for (const { trick, issuer, requests, target } of replacements) {
    const file = path.join(root, issuer);
    if (!fs.existsSync(file)) {
      problems.push(`${trick}: ${issuer} no longer exists`);
      continue;
    }
    const imports = importsOf(fs.readFileSync(file, 'utf8'));
    for (const request of requests) {
      if (!imports.has(request)) problems.push(`${trick}: ${issuer} no longer imports '${request}'`);
      else if (!requestExists(file, request, root)) problems.push(`${trick}: '${request}' of ${issuer} does not exist`);
      const answer = target(request).replace(/\?.*$/, '');
      if (!fs.existsSync(answer)) problems.push(`${trick}: ${answer}, which answers '${request}', does not exist`);
    }
  }
  for (const { trick, from, to } of aliases) {
    if (!fs.existsSync(path.join(root, from, 'package.json'))) problems.push(`${trick}: ${from} is no longer installed`);
    if (!fs.existsSync(path.join(root, to, 'package.json'))) problems.push(`${trick}: ${to} is no longer installed`);
  }
  if (problems.length) {
    throw new Error(`pro-components module replacements (config/proTrim.ts, ADR 0047) no longer match:\n  ${problems.join('\n  ')}`);
  }
}

/** The tricks BUNDLE_KEEP names, to build without them (measurements only). */
export function keptTricks(env = process.env.BUNDLE_KEEP): Set<string> {
  return new Set(
    (env ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

interface ResolveData {
  request: string;
  contextInfo: { issuer?: string };
}

/**
 * Applies the replacements while webpack resolves (by issuer file and exact request) and, when
 * the compilation ends, reports every replacement that never matched as a build error.
 */
export class ProTrimPlugin {
  readonly fired = new Set<string>();
  constructor(private readonly replacements: Replacement[]) {}

  private static key(issuer: string, request: string) {
    return `${issuer} → '${request}'`;
  }

  /** Rewrites `data.request` when it is one of the replaced imports; true when it was. */
  replace(data: ResolveData): boolean {
    const issuer = data.contextInfo.issuer?.split(path.sep).join('/');
    if (!issuer) return false;
    for (const replacement of this.replacements) {
      if (!issuer.endsWith(`/node_modules/${replacement.issuer}`) || !replacement.requests.includes(data.request)) continue;
      this.fired.add(ProTrimPlugin.key(replacement.issuer, data.request));
      data.request = replacement.target(data.request);
      return true;
    }
    return false;
  }

  /** The replacements that never matched. */
  unmatched(): string[] {
    return this.replacements.flatMap(({ issuer, requests }) =>
      requests.map((request) => ProTrimPlugin.key(issuer, request)).filter((key) => !this.fired.has(key)),
    );
  }

  apply(compiler: {
    hooks: {
      normalModuleFactory: {
        tap(
          name: string,
          fn: (factory: { hooks: { beforeResolve: { tap(name: string, fn: (data: ResolveData) => void): void } } }) => void,
        ): void;
      };
      afterCompile: { tap(name: string, fn: (compilation: { errors: Error[]; compiler: { isChild(): boolean } }) => void): void };
    };
  }) {
    compiler.hooks.normalModuleFactory.tap('ProTrimPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('ProTrimPlugin', (data) => {
        this.replace(data);
      });
    });
    compiler.hooks.afterCompile.tap('ProTrimPlugin', (compilation) => {
      // A child compilation (e.g. of a worker) sees only part of the modules.
      if (compilation.compiler.isChild()) return;
      const missed = this.unmatched();
      if (missed.length) {
        compilation.errors.push(
          new Error(`pro-components module replacements (config/proTrim.ts, ADR 0047) matched no import:\n  ${missed.join('\n  ')}`),
        );
      }
    });
  }
}

interface Chain {
  plugin(name: string): { use(plugin: unknown, args: unknown[]): unknown };
  resolve: { alias: { set(from: string, to: string): unknown } };
}

/** Adds the replacements and aliases not named in BUNDLE_KEEP to Umi's webpack chain. */
export function trimProComponents(memo: Chain, keep = keptTricks()) {
  const replacements = REPLACEMENTS.filter(({ trick }) => !keep.has(trick));
  const aliases = ALIASES.filter(({ trick }) => !keep.has(trick));
  checkReplacements(replacements, nodeModules(), aliases);
  memo.plugin('pro-trim').use(ProTrimPlugin, [replacements]);
  for (const { from, to } of aliases) memo.resolve.alias.set(from, to);
}
