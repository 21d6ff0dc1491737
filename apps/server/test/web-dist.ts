import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A minimal built web (index.html, storefront.html, one hashed asset with its build-time `.br` and `.gz` copies, as
 * vite-plugin-compression2 writes them, a favicon) in a temporary directory, for WEB_DIST.
 */
export async function makeWebDist(): Promise<{ dir: string; asset: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'travesia-web-'));
  await mkdir(path.join(dir, 'assets'));
  const asset = '/assets/index-6winMaX_.js';
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`,
  );
  // The storefront's own page (decision 0460), as Vite writes it: its script and stylesheet in the head.
  await writeFile(
    path.join(dir, 'storefront.html'),
    `<!doctype html>\n<html lang="es">\n<head><meta charset="UTF-8" /><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Tienda</title><script type="module" crossorigin src="/assets/storefront-Ab12Cd34.js"></script></head>\n<body><div id="root"></div></body></html>`,
  );
  const code = `console.log(${JSON.stringify('travesía '.repeat(200))});\n`;
  await writeFile(path.join(dir, asset), code);
  await writeFile(path.join(dir, `${asset}.br`), brotliCompressSync(code));
  await writeFile(path.join(dir, `${asset}.gz`), gzipSync(code));
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest: the signed-in app and its shell, loaded lazily by the entry (decision 0570).
  await mkdir(path.join(dir, '.vite'));
  await writeFile(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: asset.slice(1), isEntry: true, dynamicImports: ['src/app/mount-app.tsx'] },
      'src/app/mount-app.tsx': {
        file: 'assets/mount-app-Qw12Er34.js',
        isDynamicEntry: true,
        imports: ['_antd-Zx98Cv76.js', 'src/main.tsx'],
      },
      'src/app/layouts/admin-layout.tsx': { file: 'assets/admin-layout-Ty56Ui78.js', isDynamicEntry: true, imports: ['_antd-Zx98Cv76.js'] },
      '_antd-Zx98Cv76.js': { file: 'assets/antd-Zx98Cv76.js' },
    }),
  );
  return { dir, asset, remove: () => rm(dir, { recursive: true, force: true }) };
}
