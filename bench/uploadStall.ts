// Does image decoding stall everyone else? Starts the real server (demo data, built client), then
// times a sign-in and the login page alone and while four large PNGs are being uploaded at once.
//   npx tsx bench/uploadStall.ts            9990×9990 one-colour PNGs (≈100 MP, refused by the pixel cap)
//   UPLOAD_STALL_SIDE=6000 npx tsx ...      6000×6000 (36 MP, accepted, decoded and re-encoded)
import sharp from 'sharp';
import { startServer } from '../tests/helpers/server';

const SIDE = Number(process.env.UPLOAD_STALL_SIDE || 9990);
const PARALLEL = 4;
const ROUNDS = Number(process.env.UPLOAD_STALL_ROUNDS || 3);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - start), value };
}

async function main() {
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#3a7' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  console.log(`image: ${SIDE}×${SIDE} PNG, ${Math.round(png.length / 1024)} KB`);
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const login = async () => {
      const res = await fetch(`${server.url}/api/login/account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'staff01', password: 'Demo12345' }),
      });
      const body = (await res.json()) as { code: number; data?: { token: string } };
      if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data!.token;
    };
    const loginPage = async () => {
      const res = await fetch(`${server.url}/user/login`);
      await res.arrayBuffer();
      return res.status;
    };
    const upload = async (token: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
      const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { authorization: token }, body: form });
      const body = (await res.json()) as { code: number; message?: string };
      return `${res.status} ${body.message ?? ''}`.trim();
    };

    const token = await login();
    await loginPage();
    for (let round = 1; round <= ROUNDS; round++) {
      const quietLogin = await timed(login);
      const quietPage = await timed(loginPage);
      const uploads = timed(() => Promise.all(Array.from({ length: PARALLEL }, () => upload(token))));
      // Let the uploads arrive and start decoding first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [busyLogin, busyPage] = await Promise.all([timed(login), timed(loginPage)]);
      const done = await uploads;
      console.log(
        `round ${round}: login ${quietLogin.ms} ms alone, ${busyLogin.ms} ms during uploads; ` +
          `login page ${quietPage.ms} ms alone, ${busyPage.ms} ms during uploads; ` +
          `${PARALLEL} uploads took ${done.ms} ms: ${[...new Set(done.value)].join(' | ')}`,
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
