// The repository's documents stand alone (run by `npm run lint`). Fails when:
// - any file of the repository (code, tests, scripts, mocks, configuration, deployment files,
//   migrations' SQL, the docs; every text file outside the folders below that hold what is
//   generated or installed) cites a document that is not in the repository (the original
//   specification by section, the product brief by file name, the project's issue tracker by
//   number): cite `docs/product.md §N` or a decision record instead;
// - a `docs/product.md §N` or `docs/deploy.md §N` citation names a section the file does not
//   have, or an `ADR NNNN` citation a record docs/decisions does not hold;
// - docs/decisions/README.md does not list every record (number, link, title as the record's own)
//   in order, or a status disagrees with the notes: a record that says it is superseded or amended
//   by N has N in its status and N says it supersedes or amends it, and the other way round;
// - a file or folder named in the layout block of docs/ARCHITECTURE.md does not exist, or a folder
//   of the tree is missing from it (the top level, and every folder whose contents the block draws).
import fs from 'node:fs';
import path from 'node:path';

// Folders of what is installed, built or generated (never written by hand), and big generated files.
// Folders of what is installed, built or generated (never written by hand): by name anywhere, or
// by path from the top; the lockfile and drizzle-kit's snapshots are generated too.
const SKIP_NAMES = new Set(['node_modules', '.git']);
const SKIP_PATHS = new Set(
  ['dist', 'data', 'tmp', 'coverage', 'test-results', 'screenshots', 'package-lock.json', 'server/db/migrations/meta'].map((p) =>
    path.normalize(p),
  ),
);
const SELF = path.normalize('scripts/check-docs.mjs');
/** A path as these checks compare them: normalised, without a trailing slash. */
const clean = (p) => path.normalize(p).replace(/\/$/, '');
const skipped = (name, full) => SKIP_NAMES.has(name) || name.startsWith('.umi') || SKIP_PATHS.has(path.normalize(full));

// Citations of documents outside the repository. Built from parts so this file does not match itself.
const S = '\u00a7';
const OUTSIDE = [
  { re: new RegExp(`\\bseed(?:'s)?\\s*${S}\\s*\\d`, 'i'), what: `a section of the original specification ("seed ${S}N")` },
  { re: new RegExp(`${S}\\s*\\d+\\s+of\\s+the\\s+seed\\b`, 'i'), what: 'a section of the original specification' },
  { re: new RegExp(`\\bspec(?:ification)?\\s*${S}\\s*\\d`, 'i'), what: 'a section of the original specification' },
  { re: new RegExp(`\\bseed\\s+section\\s*\\d`, 'i'), what: 'a section of the original specification' },
  { re: new RegExp(['seed', 'spec'].join('-'), 'i'), what: 'the original specification by file name' },
  { re: new RegExp(`\\b${['PRODUCT', 'md'].join('\\.')}\\b`), what: 'the product brief by file name' },
  { re: new RegExp(`\\b${['issue', 's?'].join('')}[\\s_-]*#?\\d+`, 'i'), what: "the project's issue tracker by number" },
  { re: new RegExp(`\\b(?:${['pull', 'request'].join(' ')}|PR)\\s*#\\d+`, 'i'), what: "the project's pull requests by number" },
];

/** The numbered sections of a document: `## §N Title` (docs/product.md) or `## N. Title` (docs/deploy.md). */
const sectionsOf = (file) =>
  new Set(
    [...fs.readFileSync(file, 'utf8').matchAll(new RegExp(`^## (?:${S}(\\d+)\\b|(\\d+)\\.)`, 'gm'))].map((m) => Number(m[1] ?? m[2])),
  );
const SECTIONED = { 'docs/product.md': sectionsOf('docs/product.md'), 'docs/deploy.md': sectionsOf('docs/deploy.md') };
const RECORD_FILES = fs.readdirSync('docs/decisions').filter((name) => /^\d{4}-.*\.md$/.test(name));
const records = new Set(RECORD_FILES.map((name) => name.slice(0, 4)));
// `docs/product.md §3`, `docs/product.md §6–§8`, `docs/product.md §13 and §14`, `§5, §10`.
const SECTION_CITE = new RegExp(`(docs/(?:product|deploy)\\.md)\\s+((?:${S}\\d+(?:\\s*(?:[,–-]|and)\\s*)?)+)`, 'g');
const ADR_CITE = /\bADRs?\s+((?:\d{4}(?:\s*(?:,|and|&)\s*)?)+)/g;

const problems = [];

/** Every file below `dir` that is text (no NUL byte in its first 8 KiB). */
function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skipped(entry.name, full)) continue;
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) {
      const fd = fs.openSync(full, 'r');
      const start = Buffer.alloc(8192);
      const read = fs.readSync(fd, start, 0, start.length, 0);
      fs.closeSync(fd);
      if (!start.subarray(0, read).includes(0)) out.push(full);
    }
  }
  return out;
}

const files = walk('.', []);
for (const file of files) {
  if (path.normalize(file) === SELF) continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const { re, what } of OUTSIDE) {
      if (re.test(line)) problems.push(`${where}: cites ${what}; cite docs/product.md ${S}N or a decision record instead`);
    }
    for (const m of line.matchAll(SECTION_CITE)) {
      for (const n of m[2].matchAll(new RegExp(`${S}(\\d+)`, 'g'))) {
        if (!SECTIONED[m[1]].has(Number(n[1]))) problems.push(`${where}: ${m[1]} has no ${S}${n[1]}`);
      }
    }
    for (const m of line.matchAll(ADR_CITE)) {
      for (const n of m[1].match(/\d{4}/g)) {
        if (!records.has(n)) problems.push(`${where}: no decision record ${n} in docs/decisions`);
      }
    }
  });
}

// docs/decisions/README.md: one row per record, in order, with the record's title, and a status
// that agrees with the notes of both records involved. A record's notes are the lines between its
// title and its first section: "Superseded by ADR N", "Amended by ADR N" (in part too) name the
// records that changed it; "Supersedes", "Amends", "Extends", "Updates" the records it changed.
const numbersIn = (text) => new Set(text.match(/\b\d{4}\b/g) ?? []);
const notesOf = (file) => {
  const text = fs.readFileSync(path.join('docs/decisions', file), 'utf8');
  const title = /^#\s*0*\d+\.?\s+(.+)$/m.exec(text)?.[1].trim() ?? '';
  const preamble = text.slice(text.indexOf('\n'), text.search(/^## /m) === -1 ? undefined : text.search(/^## /m));
  const changedBy = new Set();
  const changes = new Set();
  // One sentence at a time, so a number in the next sentence is not taken for the one named here.
  for (const sentence of preamble.replace(/^>\s?/gm, '').split(/\.\s/)) {
    const by = /\b(?:superseded|amended)(?:\s+in\s+part)?\s+by\b([\s\S]*)/i.exec(sentence);
    if (by) numbersIn(by[1]).forEach((n) => changedBy.add(n));
    const of = /\b(?:supersedes|amends|extends|updates)\b([\s\S]*)/i.exec(sentence);
    if (of) numbersIn(of[1]).forEach((n) => changes.add(n));
  }
  return { title, changedBy, changes };
};
const notes = new Map(RECORD_FILES.map((file) => [file.slice(0, 4), { file, ...notesOf(file) }]));
const index = fs.readFileSync('docs/decisions/README.md', 'utf8');
const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| ([^|]+) \| ([^|]+) \|/gm)].map((m) => ({
  number: m[1],
  link: m[2],
  title: m[3].trim(),
  status: m[4].trim(),
}));
const listed = rows.map((row) => row.number);
if (listed.join() !== [...listed].sort().join()) problems.push('docs/decisions/README.md: rows are not in number order');
for (const number of records) {
  if (!listed.includes(number)) problems.push(`docs/decisions/README.md: no row for record ${number}`);
}
const sameSet = (a, b) => a.size === b.size && [...a].every((n) => b.has(n));
const list = (set) => [...set].sort().join(', ') || 'none';
for (const row of rows) {
  const record = notes.get(row.number);
  if (!record) {
    problems.push(`docs/decisions/README.md: row ${row.number} names no record in docs/decisions`);
    continue;
  }
  if (row.link !== record.file)
    problems.push(`docs/decisions/README.md: row ${row.number} links ${row.link}, the record is ${record.file}`);
  if (row.title !== record.title)
    problems.push(`docs/decisions/README.md: row ${row.number}'s title is not the record's ("${record.title}")`);
  const status = numbersIn(row.status);
  if (!sameSet(status, record.changedBy)) {
    problems.push(
      `docs/decisions/README.md: row ${row.number}'s status names ${list(status)}, its notes say it was changed by ${list(record.changedBy)}`,
    );
  }
  if (!/^(accepted|amended by|superseded by)/.test(row.status)) {
    problems.push(`docs/decisions/README.md: row ${row.number}'s status "${row.status}" is not accepted, amended by N or superseded by N`);
  }
}
for (const [number, record] of notes) {
  for (const newer of record.changedBy) {
    if (!notes.get(newer)?.changes.has(number)) {
      problems.push(
        `docs/decisions/${record.file}: says ADR ${newer} changed it; ADR ${newer}'s notes do not say it supersedes or amends ${number}`,
      );
    }
  }
  for (const older of record.changes) {
    if (!notes.get(older)?.changedBy.has(number)) {
      problems.push(
        `docs/decisions/${record.file}: says it changes ADR ${older}; ADR ${older}'s notes do not say it is superseded or amended by ${number}`,
      );
    }
  }
}

// The layout block of docs/ARCHITECTURE.md: the first fenced block after "## Layout". A line
// indented by 0, 2, 4... spaces starts with the names it describes (comma-separated, up to two
// spaces), inside the folder named last one level up; a line indented otherwise continues the
// description above it.
const architecture = fs.readFileSync('docs/ARCHITECTURE.md', 'utf8');
const layout = /## Layout\s*\n```\n([\s\S]*?)\n```/.exec(architecture);
if (!layout) problems.push('docs/ARCHITECTURE.md: no fenced layout block after "## Layout"');
const named = new Set();
const parents = [''];
for (const line of layout ? layout[1].split('\n') : []) {
  const m = /^((?: {2})*)(\S.*?)(?: {2,}|$)/.exec(line);
  if (!m || m[1].length / 2 > parents.length - 1) continue;
  const depth = m[1].length / 2;
  parents.length = depth + 1;
  const names = m[2].split(/,\s*/);
  for (const name of names) {
    const target = clean(path.join(parents[depth], name));
    named.add(target);
    if (!fs.existsSync(target)) problems.push(`docs/ARCHITECTURE.md layout: ${target} does not exist`);
  }
  const folder = names.length === 1 && names[0].endsWith('/') ? path.join(parents[depth], names[0]) : undefined;
  parents.push(folder ?? '\0');
}
// The other way: every folder at the top, and every folder inside one whose contents the block
// draws (it names something in it), is named. Hidden folders count (.ci/); what is skipped above does not.
const drawn = new Set(['.', ...[...named].map((p) => path.dirname(p))]);
for (const dir of drawn) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) continue;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = clean(path.join(dir, entry.name));
    if (!entry.isDirectory() || skipped(entry.name, full) || named.has(full)) continue;
    problems.push(`docs/ARCHITECTURE.md layout: the folder ${full}/ is not named`);
  }
}

if (problems.length) {
  console.error(`check-docs: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-docs: ${files.length} files, ${rows.length} decision records, the layout of docs/ARCHITECTURE.md: ok`);
