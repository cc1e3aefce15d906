// Closed-loop load: `concurrency` clients, each sending its next request when the last one answers,
// for a fixed time. wrk (Debian package `wrk`, written in C) when it is installed, since a Node
// client costs as much CPU as the server it measures on a 2-core machine; otherwise Node's http
// with keep-alive. Both run outside the server's process.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

export type LoadClient = 'wrk' | 'node';

export function pickClient(wanted = process.env.BENCH_CLIENT): LoadClient {
  if (wanted === 'node') return 'node';
  const found = spawnSync('wrk', ['--version']).error === undefined;
  if (wanted === 'wrk' && !found) throw new Error('BENCH_CLIENT=wrk but wrk is not installed (apt-get install wrk)');
  return found ? 'wrk' : 'node';
}

export function measure(
  client: LoadClient,
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  return client === 'wrk' ? measureWrk(url, headers, concurrency, seconds) : measureNode(url, headers, concurrency, seconds);
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** "1.23ms" → 1.23 */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * UNITS[match[2]];
}

export function parseWrk(output: string): LoadResult {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output);
    return match ? milliseconds(match[1]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { p50: percentile(50), p99: percentile(99), rps, requests, errors: non2xx + socketErrors };
}

function measureWrk(url: string, headers: Record<string, string>, concurrency: number, seconds: number): Promise<LoadResult> {
  const args = ['--latency', '-t', String(Math.min(2, concurrency)), '-c', String(concurrency), '-d', `${seconds}s`, '--timeout', '120s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else resolve(parseWrk(output));
    });
  });
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measureNode(url: string, headers: Record<string, string>, concurrency: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await get().catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status !== 200) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
    requests: latencies.length,
    errors,
  };
}
