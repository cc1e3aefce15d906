// `npm run dev`: the API server in watch mode on PORT (8000) and Umi's dev server on DEV_PORT (8001)
// with /api proxied to the API's port (.umirc.ts reads API_PORT). Both run in their own process
// groups and stop together.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '8000';
const devPort = process.env.DEV_PORT || '8001';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    detached: true,
    env: { API_DOCS: '1', ...process.env, SKIP_CLIENT_BUILD: '1', PORT: apiPort },
  }),
  spawn('npx', ['max', 'dev'], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: devPort, API_PORT: apiPort },
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
console.log(`开发模式：接口 http://localhost:${apiPort}，页面 http://localhost:${devPort}`);
