import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { PHOTO_DUPLICATE_MAX_DISTANCE } from '../../common/constants';
import { sceneSvg } from '../seed/demoScenes';
import { BANDS, bandProbes, bandValue, hammingDistance, isInformative, photoHash } from './photoHash';

// What "near-identical" means for the 64-bit difference hash: the same photo after the phone's
// compression, the server's re-encoding, another format or a sideways orientation stays within
// PHOTO_DUPLICATE_MAX_DISTANCE; different scenes stay well outside it.

/** A large camera-like original of scene `seed`. */
const original = (seed: number) =>
  sharp(Buffer.from(sceneSvg(seed, 3000, 2250)))
    .jpeg({ quality: 92 })
    .toBuffer();

const hashOf = async (image: Buffer) => {
  const hash = await photoHash(image);
  assert.ok(hash !== undefined, 'the image hashes');
  return hash;
};

describe('photo hash', () => {
  test('the same photo through compression, re-encoding and other formats stays within 2 bits', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const big = await original(seed);
      const reference = await hashOf(big);
      const copies = {
        // The phone's path: longest side 1600, JPEG quality 0.8 (src/utils/compressImage.ts) …
        phone: await sharp(big).resize(1600).jpeg({ quality: 80 }).toBuffer(),
        // … then the server's stored copy (ADR 0019: quality 82).
        stored: await sharp(await sharp(big).resize(1600).jpeg({ quality: 80 }).toBuffer())
          .jpeg({ quality: 82 })
          .toBuffer(),
        lowQuality: await sharp(big).jpeg({ quality: 40 }).toBuffer(),
        webp: await sharp(big).resize(1280).webp({ quality: 60 }).toBuffer(),
        png: await sharp(big).resize(1000).png().toBuffer(),
        brighter: await sharp(big).modulate({ brightness: 1.1 }).jpeg().toBuffer(),
      };
      for (const [name, copy] of Object.entries(copies)) {
        const distance = hammingDistance(reference, await hashOf(copy));
        assert.ok(distance <= 2, `scene ${seed}, ${name}: ${distance} bits`);
      }
    }
  });

  test('a photo stored sideways with its EXIF orientation hashes as the upright one', async () => {
    const upright = await sharp(Buffer.from(sceneSvg(7, 1200, 900)))
      .jpeg()
      .toBuffer();
    // Pixels turned a quarter to the left and orientation 6 ("turn right to view"), as phones store them.
    const sideways = await sharp(await sharp(upright).rotate(-90).jpeg().toBuffer())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    assert.ok(hammingDistance(await hashOf(upright), await hashOf(sideways)) <= 2);
  });

  test('different scenes differ in well over 6 bits', async () => {
    const hashes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sharp(Buffer.from(sceneSvg(100 + i)))
          .jpeg()
          .toBuffer()
          .then(hashOf),
      ),
    );
    let closest = 64;
    for (let i = 0; i < hashes.length; i++) {
      assert.ok(isInformative(hashes[i]), `scene ${100 + i} has edges to compare`);
      for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hammingDistance(hashes[i], hashes[j]));
    }
    assert.ok(closest > PHOTO_DUPLICATE_MAX_DISTANCE + 2, `closest pair: ${closest} bits`);
  });

  test('a one-colour picture is too uniform to compare; a broken file has no hash', async () => {
    const plain = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    assert.equal(isInformative(await hashOf(plain)), false);
    const transparent = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    assert.equal(isInformative(await hashOf(transparent)), false);
    assert.equal(await photoHash(Buffer.from('not a picture')), undefined);
  });

  test('every hash within 6 bits shares one band value with the probes (the index finds it)', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed;
    };
    for (let round = 0; round < 2000; round++) {
      const hash = BigInt.asIntN(64, (BigInt(next()) << 32n) | BigInt(next()));
      let near = hash;
      const flips = new Set<number>();
      while (flips.size < 1 + (round % PHOTO_DUPLICATE_MAX_DISTANCE)) flips.add(next() % 64);
      for (const bit of flips) near = BigInt.asIntN(64, near ^ (1n << BigInt(bit)));
      assert.equal(hammingDistance(hash, near), flips.size);
      const found = Array.from({ length: BANDS }, (_, k) => bandProbes(hash, k).includes(bandValue(near, k))).some(Boolean);
      assert.ok(found, `flips ${[...flips].join(',')}`);
    }
    assert.equal(bandProbes(0n, 0).length, 17);
    assert.equal(bandValue(-1n, 3), 65535);
  });
});
