// `npm run dev`: the API server in watch mode on :8000 and Umi's dev server on :8001 with /api
// proxied to it. Both run in their own process groups and stop together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, SKIP_CLIENT_BUILD: '1', PORT: process.env.PORT || '8000' },
  }),
  spawn('npx', ['max', 'dev'], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: process.env.DEV_PORT || '8001' },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log('开发模式：接口 http://localhost:8000，页面 http://localhost:8001');
