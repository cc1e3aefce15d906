import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a page: the bar is no serious or critical axe-core violation (ADR 0021). */
const FAILING = new Set(['serious', 'critical']);
/** Rules that fail at any impact: axe rates a viewport that forbids pinch-zoom only "moderate" (ADR 0021). */
const ALWAYS_FAILING = new Set(['meta-viewport']);

/** One failing rule on one page, with the elements it names. */
export interface Violation {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until a page has stopped loading: the network is quiet (or has kept polling for a while)
 * and no antd / antd-mobile spinner or skeleton is left.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .adm-skeleton-animated, .page-loading'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

export interface ScanScope {
  /** Only what matches (e.g. an open dialog): the rest was scanned already. */
  include?: string;
  /** Leave out what matches (e.g. the admin frame, scanned once on the first admin page). */
  exclude?: string;
}

/** Runs axe-core (WCAG 2.1 A and AA plus best practices) on the page as it is and keeps what fails. */
export async function scan(page: Page, label: string, scope: ScanScope = {}): Promise<Violation[]> {
  await settle(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? '') || ALWAYS_FAILING.has(v.id))
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => {
        const reason = [...n.any, ...n.all, ...n.none][0]?.message;
        return `${n.target.join(' ')}${reason ? ` (${reason})` : ''}`;
      }),
    }));
}

/** A listing a reader can act on: page, rule, and the elements it names (the first few of a long list). */
export function describeViolations(violations: Violation[], perRule = 6): string {
  return violations
    .map((v) => {
      const shown = v.targets.slice(0, perRule).map((t) => `    ${t}`);
      if (v.targets.length > perRule) shown.push(`    … and ${v.targets.length - perRule} more`);
      return `[${v.page}] ${v.rule} (${v.impact}): ${v.help}\n${shown.join('\n')}`;
    })
    .join('\n');
}

/** Keeps the full findings of a journey under test-results/ (gitignored) for a closer look. */
export function saveViolations(name: string, violations: Violation[]) {
  const dir = path.resolve('test-results', 'a11y');
  fs.mkdirSync(dir, { recursive: true });
  const slug = name.replace(/[^\w\u4e00-\u9fa5]+/g, '-').slice(0, 60);
  fs.writeFileSync(path.join(dir, `${slug}.json`), JSON.stringify(violations, null, 2));
}
