import zlib from 'node:zlib';

// Just enough of a zip reader to look inside an Office file (.docx, .xlsx) in a test: the central
// directory at the end names every entry; each is stored or deflated.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a zip archive by name, uncompressed. Throws when the bytes are not a zip. */
export function unzip(buffer: Buffer): Map<string, Buffer> {
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65535); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory');
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(at) !== CENTRAL) throw new Error('broken central directory');
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localAt = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (buffer.readUInt32LE(localAt) !== LOCAL) throw new Error(`broken local header for ${name}`);
    const dataAt = localAt + 30 + buffer.readUInt16LE(localAt + 26) + buffer.readUInt16LE(localAt + 28);
    const data = buffer.subarray(dataAt, dataAt + compressedSize);
    if (method === 0) entries.set(name, Buffer.from(data));
    else if (method === 8) entries.set(name, zlib.inflateRawSync(data));
    else throw new Error(`unsupported compression ${method} for ${name}`);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The paragraphs of a .docx's body as plain text (table cells separated by a tab), in order. */
export function docxParagraphs(buffer: Buffer): string[] {
  const xml = unzip(buffer).get('word/document.xml')?.toString('utf8');
  if (!xml) throw new Error('no word/document.xml in the file');
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const paragraphOf = (p: string) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => unescape(m[1])).join('');
  const lines: string[] = [];
  // A table row becomes one line of its cells; paragraphs outside tables one line each.
  const parts = xml.split(/(<w:tr[ >][\s\S]*?<\/w:tr>)/);
  for (const part of parts) {
    if (part.startsWith('<w:tr')) {
      const cells = [...part.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((c) => paragraphOf(c[1]));
      lines.push(cells.join('\t'));
    } else {
      for (const p of part.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
        const text = paragraphOf(p);
        if (text) lines.push(text);
      }
    }
  }
  return lines;
}
