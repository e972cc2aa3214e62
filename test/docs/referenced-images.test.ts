import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The README once showed four pictures from docs/gallery/, which .gitignore's `gallery/` kept
 * out of the repository — broken images on any forge. Every picture README.md and docs/*.md show
 * must be a file of this checkout that git does not ignore (so it is committed with the text),
 * and small enough to commit.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A screenshot or a page at 72 dpi is 50–250 KB; a megabyte would be a picture saved too large. */
const MAX_PICTURE_BYTES = 1024 * 1024;

const markdownFiles = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Local pictures a Markdown file shows: `![alt](path "title")` and `<img src="path">`, relative to the repository. */
function picturesIn(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const targets = [
    ...[...text.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]!),
  ];
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), decodeURI(target.split('#')[0]!))));
}

describe('pictures shown by README.md and docs/*.md are in the repository', () => {
  const shown = new Map<string, string>();
  for (const file of markdownFiles) for (const picture of picturesIn(file)) shown.set(picture, file);

  it('finds the README\'s four gallery pages and the web app\'s screenshots among them', () => {
    for (const name of ['classic-en', 'navy-ar', 'modern-hi', 'bold-ja']) assert.equal(shown.get(`docs/gallery/${name}.png`), 'README.md');
    assert.ok([...shown.keys()].some((picture) => picture.startsWith('docs/screenshots/')));
  });

  it('each exists, is a picture of a sensible size, and is not ignored by git', () => {
    const ignored = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, input: [...shown.keys()].join('\n'), encoding: 'utf8' });
    assert.equal(ignored.error, undefined, `git is needed for this test: ${ignored.error?.message}`);
    // Exit status 1: none of the paths is ignored; 0 lists those that are.
    assert.equal(ignored.status, 1, `ignored by .gitignore, so missing from every clone: ${ignored.stdout.trim()} ${ignored.stderr.trim()}`);
    for (const [picture, file] of shown) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(ROOT, picture));
      } catch {
        assert.fail(`${file} shows ${picture}, which does not exist${picture.startsWith('docs/gallery/') ? ': run npm run gallery -- --readme' : ''}`);
      }
      assert.ok(statSync(path.join(ROOT, picture)).size <= MAX_PICTURE_BYTES, `${picture} is over 1 MB`);
      if (picture.endsWith('.png')) assert.ok(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${picture} is not a PNG`);
    }
  });
});
