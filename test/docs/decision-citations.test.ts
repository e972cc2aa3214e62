import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The code, tests and docs cite rules by id ("D21"); docs/decisions.md must state every one, so a
 * reader of the repository alone can follow each citation.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DECISIONS = 'docs/decisions.md';

/**
 * Files whose D-numbers are no citations: the UN/ECE unit codes (D03, D41 …) and the official
 * rule sets and documents the tests check against.
 */
const NOT_CITATIONS = [/^src\/domain\/einvoice\/code-lists\.ts$/, /^test\/fixtures\//];
const SCANNED = /^(README\.md|docs\/.*\.md|(src|web|clients|test|scripts|bench)\/.*\.(ts|md|css|json))$/;

/** Ids an entry of docs/decisions.md defines: a list item opening with the bold id. */
function definedIds(): Set<number> {
  const text = readFileSync(path.join(ROOT, DECISIONS), 'utf8');
  return new Set([...text.matchAll(/^- \*\*D(\d+)\b/gm)].map((match) => Number(match[1])));
}

/** Every id cited in `text`, a range such as "D1–D12" counting as each id in it. */
export function citedIds(text: string): number[] {
  const ids: number[] = [];
  for (const match of text.matchAll(/\bD(\d{1,2})\b(?:\s*[–-]\s*D(\d{1,2})\b)?/g)) {
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let id = from; id <= Math.max(from, to); id += 1) ids.push(id);
  }
  return ids;
}

/** The repository's files as git knows them (committed or staged), and any new ones not ignored. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\n').filter((file) => SCANNED.test(file) && !NOT_CITATIONS.some((pattern) => pattern.test(file)));
}

describe('docs/decisions.md states every rule the repository cites by id', () => {
  it('has one entry per id from D1 up, in order, each stating a rule', () => {
    const text = readFileSync(path.join(ROOT, DECISIONS), 'utf8');
    const entries = [...text.matchAll(/^- \*\*D(\d+)\b([^\n]*(?:\n {2}[^\n]*)*)/gm)];
    assert.deepEqual(entries.map((entry) => Number(entry[1])), entries.map((_, i) => i + 1), 'D1, D2, … without gaps or repeats');
    for (const entry of entries) assert.ok(entry[2]!.length > 20, `D${entry[1]} states its rule`);
  });

  it('has an entry for every id cited in README.md, docs/, src/, web/, clients/, scripts/, bench/ and test/', () => {
    const defined = definedIds();
    const missing = new Map<number, string[]>();
    for (const file of repositoryFiles()) {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), 'utf8');
      } catch {
        continue; // listed by git, deleted in the working tree
      }
      for (const id of new Set(citedIds(text))) {
        if (!defined.has(id)) missing.set(id, [...(missing.get(id) ?? []), file]);
      }
    }
    assert.deepEqual(Object.fromEntries([...missing].map(([id, files]) => [`D${id}`, files.slice(0, 5)])), {},
      `every cited id needs an entry in ${DECISIONS}`);
  });

  it('reads a range as each id in it, and leaves codes such as CII D16B alone', () => {
    assert.deepEqual(citedIds('decisions D1–D3, D20-D21 and D45; CII D16B; AD12'), [1, 2, 3, 20, 21, 45]);
  });
});
