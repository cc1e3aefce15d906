// Starts bench/server.ts in a child process (so the load generator does not share its event loop)
// and resolves once it listens. Used by `npm run bench` and `npm run load`.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface Server {
  base: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');

/**
 * `env` adds to this process's environment (BENCH_DATABASE_URL or BENCH_DATA_DIR, see
 * bench/server.ts). The rate limit is lifted: every simulated client shares one address here.
 * With `echoErrors` the child's stderr is passed through as it comes; `script` is bench/hello.ts for
 * the baseline.
 */
export function startServer(env: Record<string, string>, { echoErrors = false, script = 'bench/server.ts' } = {}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d) => {
      output += d;
      if (echoErrors) process.stderr.write(d);
    });
    child.stdout?.on('data', (d) => {
      output += d;
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match) {
        resolve({
          base: `http://127.0.0.1:${match[1]}`,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}:\n${output}`)));
  });
}
