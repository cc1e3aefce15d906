import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body written by hand, ready to spread into `app.inject` options. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----glpTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One image file in the `file` field. */
export const imageUpload = (content: Buffer | string, filename = 'photo.png', contentType = 'image/png') =>
  multipartBody([{ name: 'file', filename, contentType, content }]);

/** A real 20×10 red image. */
export const redImage = (format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width: 20, height: 10, channels: 3, background: '#f00' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};
