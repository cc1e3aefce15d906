// `npm run lab`: Lighthouse-style lab figures for phone pages in Debian's Chromium, under
// Lighthouse's mobile throttling (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower),
// on a cold cache: first contentful paint, largest contentful paint, cumulative layout shift and
// total blocking time. Needs a build (npm run build). Prints the median of LAB_RUNS runs (default 5).
//   LAB_PAGES=/app/index,/app/newsList   which pages (default /app/index)
import { DESKTOP, launchBrowser, PHONE } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';

const RUNS = Number(process.env.LAB_RUNS) || 5;
const PAGES = (process.env.LAB_PAGES || '/app/index').split(',');
/** After the load event, how long the main thread is watched for long tasks (Lighthouse waits for 5 s of quiet). */
const QUIET_MS = 5000;

interface Figures {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  longTasks: number;
}

declare global {
  interface Window {
    __lab: { lcp: number; shifts: Array<{ value: number; time: number }>; longTasks: Array<{ start: number; duration: number }> };
  }
}

/** Runs in the page before any of its scripts: observers for the three figures. */
function observe() {
  window.__lab = { lcp: 0, shifts: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lab.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) window.__lab.shifts.push({ value: entry.value, time: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lab.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** CLS as Chrome defines it: the largest session window (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: Array<{ value: number; time: number }>): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

async function measureOnce(url: string, viewport: { width: number; height: number }): Promise<Figures> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(QUIET_MS);
    const result = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: paint ? paint.startTime : NaN, ...window.__lab };
    });
    // Total blocking time: each long task's time beyond 50 ms, from first contentful paint on.
    const tbt = result.longTasks
      .filter((task) => task.start + task.duration > result.fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { fcp: result.fcp, lcp: result.lcp, cls: cumulativeLayoutShift(result.shifts), tbt, longTasks: result.longTasks.length };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    console.log(`# Lab figures (Chromium, mobile throttling: 150 ms RTT, 1.6 Mbit/s, CPU ×4; median of ${RUNS} cold loads)\n`);
    console.log('| page | FCP | LCP | CLS | TBT | long tasks |');
    console.log('|---|---|---|---|---|---|');
    for (const path of PAGES) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(server.url + path, path.startsWith('/app') ? PHONE : DESKTOP));
      const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
      console.log(
        `| ${path} | ${Math.round(pick('fcp'))} ms | ${Math.round(pick('lcp'))} ms | ${pick('cls').toFixed(3)} | ${Math.round(pick('tbt'))} ms | ${pick('longTasks')} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
