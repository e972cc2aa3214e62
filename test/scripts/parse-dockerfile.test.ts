import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { dockerIgnoreMatcher, parseCopy, parseDockerfile, parseEnv, parseHealthcheck } from '../../scripts/parse-dockerfile.ts';

// The parser behind `npm run check:docker`: if it misread the Dockerfile, the check would prove
// other steps than the ones an image build runs.

test('the project Dockerfile reads as the instructions it holds, continuations joined', () => {
  const text = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const ops = parseDockerfile(text).map((instruction) => instruction.op);
  assert.deepEqual(ops.filter((op) => op === 'FROM').length, 2);
  const runs = parseDockerfile(text).filter((instruction) => instruction.op === 'RUN').map((instruction) => instruction.args);
  assert.deepEqual(runs, ['npm ci', 'npm run build && npm prune --omit=dev', 'apt-get update && apt-get install -y --no-install-recommends libjemalloc2', 'mkdir data && chown node:node data']);
  const health = parseDockerfile(text).find((instruction) => instruction.op === 'HEALTHCHECK')!;
  const { command, timeoutMs } = parseHealthcheck(health.args);
  assert.equal(command[0], 'node');
  assert.match(command.at(-1)!, /\/api\/health/);
  assert.equal(timeoutMs, 3000);
});

test('continuation lines, comments between them, and line numbers', () => {
  const parsed = parseDockerfile('# c\nFROM node:24 AS build\nRUN a \\\n  # note\n  && b\n\nCMD ["node", "x.js"]\n');
  assert.deepEqual(parsed, [
    { op: 'FROM', args: 'node:24 AS build', line: 2 },
    { op: 'RUN', args: 'a && b', line: 3 },
    { op: 'CMD', args: '["node", "x.js"]', line: 7 },
  ]);
});

test('COPY and ENV forms', () => {
  assert.deepEqual(parseCopy('--from=build /app/dist ./dist'), { from: 'build', sources: ['/app/dist'], dest: './dist' });
  assert.deepEqual(parseCopy('package.json package-lock.json ./'), { from: undefined, sources: ['package.json', 'package-lock.json'], dest: './' });
  assert.throws(() => parseCopy('--chown=node src ./src'), /not supported/);
  assert.deepEqual(parseEnv('NODE_ENV=production HOST=0.0.0.0'), [['NODE_ENV', 'production'], ['HOST', '0.0.0.0']]);
  assert.deepEqual(parseEnv('PORT 3000'), [['PORT', '3000']]);
});

test('.dockerignore: anchored patterns, folders, ** and refused exceptions', () => {
  const ignored = dockerIgnoreMatcher(readFileSync(new URL('../../.dockerignore', import.meta.url), 'utf8'));
  for (const file of ['node_modules/x/index.js', 'test/http/batch.test.ts', 'docs/api.md', 'deploy/.env', 'web/.env', 'build.log', '.git/HEAD']) {
    assert.equal(ignored(file), true, file);
  }
  for (const file of ['src/server.ts', 'web/index.html', 'package.json', 'templates/invoice.typ', 'deploy/.env.example', 'src/testing.ts']) {
    assert.equal(ignored(file), false, file);
  }
  assert.throws(() => dockerIgnoreMatcher('!keep'), /not supported/);
});
