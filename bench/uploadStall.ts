// Does image decoding stall everyone else? Starts the real server (demo data, built client), then
// times a sign-in and the login page alone and while four large PNGs are being uploaded at once.
//   npx tsx bench/uploadStall.ts            9990×9990 one-colour PNGs (≈100 MP, refused by the pixel cap)
//   UPLOAD_STALL_SIDE=6000 npx tsx ...      6000×6000 (36 MP, accepted, decoded and re-encoded)
//   UPLOAD_STALL_CASE=gif npx tsx ...       one villager sends four animated GIFs at once (20 frames of
//                                           600×600 each; UPLOAD_STALL_GIF_FRAMES, UPLOAD_STALL_GIF_SIDE);
//                                           timed: another villager's ordinary photo and a sign-in
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

const CASE = process.env.UPLOAD_STALL_CASE || 'png';
const GIF_FRAMES = Number(process.env.UPLOAD_STALL_GIF_FRAMES || 20);
const GIF_SIDE = Number(process.env.UPLOAD_STALL_GIF_SIDE || 600);

/** An animation whose frames differ (moving stripes over a gradient), so none is a copy of the last. */
async function animatedGif(): Promise<Buffer> {
  const frame = GIF_SIDE * GIF_SIDE * 3;
  const raw = Buffer.alloc(frame * GIF_FRAMES);
  for (let f = 0; f < GIF_FRAMES; f++) {
    for (let y = 0; y < GIF_SIDE; y++) {
      for (let x = 0; x < GIF_SIDE; x++) {
        const i = f * frame + (y * GIF_SIDE + x) * 3;
        const stripe = ((x + y + f * 7) >> 4) & 1;
        raw[i] = (x * 255) / GIF_SIDE;
        raw[i + 1] = stripe ? 200 : (y * 255) / GIF_SIDE;
        raw[i + 2] = (f * 255) / GIF_FRAMES;
      }
    }
  }
  return sharp(raw, { raw: { width: GIF_SIDE, height: GIF_SIDE * GIF_FRAMES, channels: 3, pageHeight: GIF_SIDE } })
    .gif()
    .toBuffer();
}

async function main() {
  if (CASE === 'gif') return gifCase();
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

/**
 * One account's four animated GIFs against another account's ordinary photo and a sign-in. Before
 * ADR 0041 every frame was decoded and re-encoded and the photo queued behind all four.
 */
async function gifCase() {
  const gif = await animatedGif();
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  console.log(
    `GIF: ${GIF_FRAMES} frames of ${GIF_SIDE}×${GIF_SIDE}, ${Math.round(gif.length / 1024)} KB; ` +
      `photo: 1600×1200 JPEG, ${Math.round(photo.length / 1024)} KB`,
  );
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const login = async (username: string) => {
      const res = await fetch(`${server.url}/api/login/account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Demo12345' }),
      });
      const body = (await res.json()) as { code: number; data?: { token: string } };
      if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data!.token;
    };
    const upload = async (token: string, content: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)], { type }), name);
      const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { authorization: token }, body: form });
      const body = (await res.json()) as { code: number; message?: string };
      return `${res.status}${body.message ? ` ${body.message}` : ''}`;
    };
    const [sender, neighbour] = [await login('villager02'), await login('villager03')];
    for (let round = 1; round <= ROUNDS; round++) {
      const quietPhoto = await timed(() => upload(neighbour, photo, 'photo.jpg', 'image/jpeg'));
      const quietLogin = await timed(() => login('staff01'));
      const gifs = Promise.all(Array.from({ length: PARALLEL }, () => timed(() => upload(sender, gif, 'moving.gif', 'image/gif'))));
      // Let the GIFs arrive and start decoding first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [busyPhoto, busyLogin] = await Promise.all([
        timed(() => upload(neighbour, photo, 'photo.jpg', 'image/jpeg')),
        timed(() => login('staff01')),
      ]);
      const done = await gifs;
      const answers = [...new Set(done.map((d) => d.value))].join(' | ');
      console.log(
        `round ${round}: other villager's photo ${quietPhoto.ms} ms alone, ${busyPhoto.ms} ms during the GIFs (${busyPhoto.value}); ` +
          `sign-in ${quietLogin.ms} ms alone, ${busyLogin.ms} ms during; ` +
          `the GIFs answered in ${done.map((d) => d.ms).join(', ')} ms: ${answers}`,
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
