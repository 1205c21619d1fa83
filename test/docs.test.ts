import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { drivers } from '../drivers/index.js';
import { driverFolder, driverId } from '../src/spi/driver.js';
import { packageRoot } from '../src/lib/paths.js';

// The documentation is part of the repository: README.md introduces, docs/ and each driver's
// README hold the reference. A reader who follows a link must find its page (and its heading),
// and nothing may send them to what a clone does not have.

const README_LIMIT_BYTES = 15_500;
/** What only exists on the machines the project was built on, never in a clone. */
const OUTSIDE = ['../shared', '/work/', 'issue note', 'EXTENSIONS.md', 'beside the checkout'];

/** README.md, docs/*.md and every drivers/<id>/README.md, as paths from the repository's root. */
function pages(): string[] {
  const docs = readdirSync(join(packageRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  const driverReadmes = readdirSync(join(packageRoot, 'drivers'))
    .filter((d) => existsSync(join(packageRoot, 'drivers', d, 'README.md')))
    .map((d) => `drivers/${d}/README.md`);
  return ['README.md', ...docs, ...driverReadmes];
}

const textOf = (page: string) => readFileSync(join(packageRoot, page), 'utf8');

/** The text a reader follows links in: code blocks and code spans are examples, not links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** The targets of the page's inline links and images, `[text](target)` and `![alt](target)`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => anchorOf(m[1]!));
  return new Set(headings);
}

/** What is wrong with one relative link of `page`, or undefined when it leads somewhere. */
function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: … are not ours to check
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? join(packageRoot, page) : join(packageRoot, dirname(page), decodeURIComponent(path));
  if (!relative(packageRoot, file) || relative(packageRoot, file).startsWith('..')) return `${target} leaves the repository`;
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor && file.endsWith('.md') && statSync(file).isFile() && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) return `${target}: no such heading`;
  return undefined;
}

describe('the documentation', () => {
  it(`README.md introduces: at most ${README_LIMIT_BYTES.toLocaleString('en-US')} bytes, the two commands within its first 40 lines`, () => {
    const readme = textOf('README.md');
    expect(Buffer.byteLength(readme), 'README.md in bytes').to.be.at.most(README_LIMIT_BYTES);
    const firstScreen = readme.split('\n').slice(0, 40).join('\n');
    expect(firstScreen).to.contain('npm ci && npm start').and.to.contain('npm ci && npm test');
  });

  it("README.md lists every registered driver once, with its model, linking the driver's own README", () => {
    const readme = textOf('README.md');
    for (const driver of drivers) {
      const rows = readme.split('\n').filter((l) => l.startsWith(`| [${driverId(driver)}](drivers/${driverFolder(driver)}/README.md) |`));
      expect(rows, driverId(driver)).to.have.length(1);
      expect(rows[0], driverId(driver)).to.contain(`| ${driver.model} |`);
    }
  });

  it('every relative link of README.md, docs/*.md and the drivers\' READMEs leads to a file of the repository (and its heading)', () => {
    const broken = pages().flatMap((page) => linkTargets(textOf(page)).flatMap((target) => brokenLink(page, target) ?? []).map((why) => `${page}: ${why}`));
    expect(broken).to.deep.equal([]);
  });

  it(`none of them points outside the repository (${OUTSIDE.join(', ')})`, () => {
    const found = pages().flatMap((page) => OUTSIDE.filter((s) => textOf(page).toLowerCase().includes(s.toLowerCase())).map((s) => `${page}: ${s}`));
    expect(found).to.deep.equal([]);
  });

  it('catches what it is for: a missing file, a missing heading, a link out of the repository', () => {
    expect(brokenLink('README.md', 'docs/nowhere.md')).to.contain('no such file');
    expect(brokenLink('README.md', 'docs/spi.md#no-such-heading')).to.contain('no such heading');
    expect(brokenLink('docs/spi.md', '../../shared/spec/EXTENSIONS.md')).to.contain('leaves the repository');
    expect(brokenLink('docs/spi.md', 'https://github.com/chargebee/cb-partner-spi')).to.equal(undefined);
    expect(linkTargets('see `[a](b.md)` and\n```\n[c](d.md)\n```\n[e](f.md#g)')).to.deep.equal(['f.md#g']);
    expect(anchorOf('What a network sends: `POST /networks/{driver}/inbound`')).to.equal('what-a-network-sends-post-networksdriverinbound');
  });
});
