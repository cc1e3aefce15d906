// Writes .gz and .br beside every text asset in dist/, so the server sends compressed files
// without compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let count = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map')) {
      const content = fs.readFileSync(full);
      if (content.length < 1024) continue;
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count += 1;
    }
  }
}
walk(root);
console.log(`compressed ${count} files in ${root}`);
