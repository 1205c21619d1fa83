import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

// Reading PDFs back with Debian's poppler-utils (pdfinfo, pdftotext, pdfdetach, pdftoppm): an
// implementation independent of the one that wrote them. `.ci/run` installs the package; a
// machine without it skips these tests with a note, except under CI, where they must run.

export function popplerAvailable(): boolean {
  return spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).status === 0;
}

/** In a `before` hook: skip the suite without poppler, fail under CI (`CI=true`). */
export function requirePoppler(ctx: Mocha.Context): void {
  if (popplerAvailable()) return;
  if (process.env.CI) throw new Error('poppler-utils (pdftotext, pdftoppm, pdfdetach, pdfinfo) is required under CI: .ci/run installs it');
  console.warn('      (skipped: install poppler-utils to read the PDFs back)');
  ctx.skip();
}

function asFile(pdf: Buffer): string {
  const file = join(tempDir('pdf-'), 'document.pdf');
  writeFileSync(file, pdf);
  return file;
}

export function pageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [asFile(pdf)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** The text a reader extracts, pages split by form feeds: `layout` keeps a table row's cells on one line, else each block reads whole. */
export function textOf(pdf: Buffer, layout = true): string {
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', asFile(pdf), '-'], { encoding: 'utf8', maxBuffer: 16 << 20 });
}

/** Every embedded file by name, as pdfdetach saves them. */
export function attachmentsOf(pdf: Buffer): Map<string, Buffer> {
  const dir = tempDir('pdfdetach-');
  execFileSync('pdfdetach', ['-saveall', '-o', dir, asFile(pdf)]);
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name))]));
}

/** Page `page` rendered to PNG at `dpi`. */
export function pagePng(pdf: Buffer, page: number, dpi: number): Buffer {
  const out = join(tempDir('pdftoppm-'), 'page');
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', asFile(pdf), out]);
  return readFileSync(`${out}.png`);
}
