import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

// A minimal ustar writer and reader over gzip: plain files only, names under 100 bytes. Enough
// for backups (a manifest, one file per table, the uploads) without a dependency, and readable by
// any `tar -xzf`.

const BLOCK = 512;

function header(name: string, size: number, mtime: number): Buffer {
  const bytes = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`name too long for the archive: ${name}`);
  const put = (value: string, offset: number, length: number) => bytes.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime / 1000), 12), 136, 12);
  put('        ', 148, 8); // checksum field counts as spaces while summing
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of bytes) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return bytes;
}

export class TarGzWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.out = fs.createWriteStream(file);
    this.gzip.pipe(this.out);
    this.done = new Promise((resolve, reject) => {
      this.out.on('finish', resolve).on('error', reject);
      this.gzip.on('error', reject);
    });
  }

  private async write(chunk: Buffer) {
    if (!this.gzip.write(chunk)) await new Promise((resolve) => this.gzip.once('drain', resolve));
  }

  /** Adds a file from a buffer, or from a stream of exactly `size` bytes. */
  async add(name: string, content: Buffer | { size: number; stream: Readable }, mtime = Date.now()) {
    const size = Buffer.isBuffer(content) ? content.length : content.size;
    await this.write(header(name, size, mtime));
    if (Buffer.isBuffer(content)) await this.write(content);
    else {
      let written = 0;
      for await (const chunk of content.stream) {
        written += (chunk as Buffer).length;
        if (written > size) throw new Error(`${name} grew while being archived`);
        await this.write(chunk as Buffer);
      }
      if (written !== size) throw new Error(`${name} changed size while being archived`);
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }
}

const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/** Extracts a .tar.gz into `dest`; refuses names that could leave it. Returns the names written. */
export async function extractTarGz(file: string, dest: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { fd: number; remaining: number; pad: number } | undefined;
  let skip = 0;
  let ended = false;
  const source = fs.createReadStream(file);
  const input = source.pipe(zlib.createGunzip());
  source.on('error', (error) => input.destroy(error)); // a read error must end the loop, not stall it
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (current) {
          const take = Math.min(current.remaining, pending.length);
          if (take) fs.writeSync(current.fd, pending, 0, take);
          pending = pending.subarray(take);
          current.remaining -= take;
          if (current.remaining > 0) break;
          fs.closeSync(current.fd);
          skip = current.pad;
          current = undefined;
        }
        if (skip) {
          const take = Math.min(skip, pending.length);
          pending = pending.subarray(take);
          skip -= take;
          if (skip) break;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const text = (offset: number, length: number) => block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
        const prefix = text(345, 155);
        const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
        const size = parseInt(text(124, 12).trim() || '0', 8);
        const type = text(156, 1) || '0';
        const pad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type !== '0') {
          skip = size + pad; // directories, links and pax headers carry nothing we need
          continue;
        }
        if (!SAFE_NAME.test(name) || name.split('/').includes('..')) throw new Error(`unsafe name in the archive: ${name}`);
        const target = path.join(dest, name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        names.push(name);
        current = { fd: fs.openSync(target, 'wx'), remaining: size, pad };
        if (size === 0) {
          fs.closeSync(current.fd);
          current = undefined;
          skip = pad;
        }
      }
    }
  } finally {
    if (current) fs.closeSync(current.fd);
  }
  if (!ended || current) throw new Error('the archive is truncated');
  return names;
}
