// The repository's documents stand alone (run by `npm run lint`). Fails when:
// - code, tests, scripts, mocks, configuration or the docs cite a document that is not in the
//   repository (the original specification by section, the product brief by file name, the
//   project's issue tracker by number): cite `docs/product.md §N` or a decision record instead;
// - a `docs/product.md §N` citation names a section the file does not have, or an `ADR NNNN`
//   citation a record docs/decisions does not hold;
// - a file or folder named in the layout block of docs/ARCHITECTURE.md does not exist.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'server', 'common', 'mock', 'tests', 'scripts', 'bench', 'config', 'docs'];
const FILES = ['.umirc.ts', 'eslint.config.mjs', 'jest.config.js', '.ci/run', 'README.md', 'package.json'];
const SKIP_DIRS = new Set(['node_modules', 'fixtures', 'migrations']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|less|json|md|sh)$/;
const SELF = path.normalize('scripts/check-docs.mjs');

// Citations of documents outside the repository. Built from parts so this file does not match itself.
const S = '\u00a7';
const OUTSIDE = [
  { re: new RegExp(`\\bseed(?:'s)?\\s*${S}\\s*\\d`, 'i'), what: `a section of the original specification ("seed ${S}N")` },
  { re: new RegExp(`${S}\\s*\\d+\\s+of\\s+the\\s+seed\\b`, 'i'), what: 'a section of the original specification' },
  { re: new RegExp(`\\bspec(?:ification)?\\s*${S}\\s*\\d`, 'i'), what: 'a section of the original specification' },
  { re: new RegExp(['seed', 'spec'].join('-'), 'i'), what: 'the original specification by file name' },
  { re: new RegExp(`\\b${['PRODUCT', 'md'].join('\\.')}\\b`), what: 'the product brief by file name' },
  { re: /\bissues?\s+#?\d+/i, what: "the project's issue tracker by number" },
];

const PRODUCT = 'docs/product.md';
const productText = fs.readFileSync(PRODUCT, 'utf8');
const sections = new Set([...productText.matchAll(new RegExp(`^## ${S}(\\d+)\\b`, 'gm'))].map((m) => Number(m[1])));
const records = new Set(
  fs
    .readdirSync('docs/decisions')
    .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
    .filter(Boolean),
);
// `docs/product.md §3`, `docs/product.md §6–§8`, `docs/product.md §13 and §14`, `§5, §10`.
const PRODUCT_CITE = new RegExp(`docs/product\\.md\\s+((?:${S}\\d+(?:\\s*(?:[,–-]|and)\\s*)?)+)`, 'g');
const ADR_CITE = /\bADRs?\s+((?:\d{4}(?:\s*(?:,|and|&)\s*)?)+)/g;

const problems = [];

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.umi') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (TEXT.test(entry.name)) out.push(full);
  }
  return out;
}

const files = [...ROOTS.filter((root) => fs.existsSync(root)).flatMap((root) => walk(root, [])), ...FILES.filter((f) => fs.existsSync(f))];
for (const file of files) {
  if (path.normalize(file) === SELF) continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const { re, what } of OUTSIDE) {
      if (re.test(line)) problems.push(`${where}: cites ${what}; cite docs/product.md ${S}N or a decision record instead`);
    }
    for (const m of line.matchAll(PRODUCT_CITE)) {
      for (const n of m[1].matchAll(new RegExp(`${S}(\\d+)`, 'g'))) {
        if (!sections.has(Number(n[1]))) problems.push(`${where}: docs/product.md has no ${S}${n[1]}`);
      }
    }
    for (const m of line.matchAll(ADR_CITE)) {
      for (const n of m[1].match(/\d{4}/g)) {
        if (!records.has(n)) problems.push(`${where}: no decision record ${n} in docs/decisions`);
      }
    }
  });
}

// The layout block of docs/ARCHITECTURE.md: the first fenced block after "## Layout". A line whose
// indent is 0 or 2 starts with the names it describes (comma-separated, up to two spaces); an
// indented one is inside the last top-level folder.
const architecture = fs.readFileSync('docs/ARCHITECTURE.md', 'utf8');
const layout = /## Layout\s*\n```\n([\s\S]*?)\n```/.exec(architecture);
if (!layout) problems.push('docs/ARCHITECTURE.md: no fenced layout block after "## Layout"');
let parent = '';
for (const line of layout ? layout[1].split('\n') : []) {
  const m = /^( {0,2})(\S.*?)(?: {2,}|$)/.exec(line);
  if (!m) continue;
  const nested = m[1].length === 2;
  for (const name of m[2].split(/,\s*/)) {
    const target = nested ? path.join(parent, name) : name;
    if (!fs.existsSync(target)) problems.push(`docs/ARCHITECTURE.md layout: ${target} does not exist`);
  }
  if (!nested) parent = m[2].endsWith('/') ? m[2] : '';
}

if (problems.length) {
  console.error(`check-docs: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-docs: ${files.length} files, the layout of docs/ARCHITECTURE.md: ok`);
