import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUpThroughOutbox } from '../bench/sign-up-through-outbox.ts';
import { dockerIgnoreMatcher, parseCopy, parseDockerfile, parseEnv, parseExecForm, parseHealthcheck } from './parse-dockerfile.ts';

/**
 * Proves the Dockerfile's steps without a Docker engine (none runs on the project's machines):
 * every stage gets an empty folder as its file system, COPY takes from a clean copy of the
 * repository (the files git tracks or would track, as a fresh clone has them) or from an earlier
 * stage, RUN runs its shell command there, and the last stage's CMD is started and must pass the
 * HEALTHCHECK, sign a user up, render a PDF and stop cleanly on SIGTERM.
 *
 * What stands in for the base image: the `node:<major>` image is Node.js of that major with npm,
 * so the check runs the machine's npm on the project's pinned Node.js binary when its major
 * matches, and refuses otherwise. The image's `node` user is created when the machine lacks it
 * (root only), so `chown node:node` and `USER node` are run as written. What it cannot show:
 * the Debian base image's own packages and the container's isolation.
 */

const repo = path.resolve(import.meta.dirname, '..');
const KEEP = process.env.KEEP_DOCKER_CHECK === '1';
const work = mkdtempSync(path.join(tmpdir(), 'docker-check-'));
chmodSync(work, 0o755); // USER node must be able to reach the final stage's folder
const started = Date.now();
const log = (message: string) => console.log(`[docker-check ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

let server: ChildProcess | undefined;
try {
  await main();
  log('passed');
} catch (error) {
  console.error(`[docker-check] FAILED: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  if (server !== undefined && server.exitCode === null) server.kill('SIGKILL');
  if (KEEP) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const instructions = parseDockerfile(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  const context = cleanCopy();
  const env: Record<string, string> = baseEnvironment();
  const stages = new Map<string, string>();
  let root = '';
  let workdir = '/';
  let user: string | undefined;
  let stageEnv: Record<string, string> = {};
  let healthcheck: ReturnType<typeof parseHealthcheck> | undefined;
  let cmd: string[] | undefined;

  for (const { op, args, line } of instructions) {
    const at = `Dockerfile line ${line}`;
    switch (op) {
      case 'FROM': {
        const [image, as, name] = args.split(/\s+/);
        useBaseImage(image!, env);
        root = path.join(work, `stage-${stages.size}`);
        mkdirSync(root, { recursive: true, mode: 0o755 });
        stages.set(as?.toUpperCase() === 'AS' ? name! : String(stages.size), root);
        workdir = '/';
        user = undefined;
        stageEnv = {};
        log(`${at}: FROM ${args}`);
        break;
      }
      case 'WORKDIR':
        workdir = path.posix.resolve(workdir, args);
        mkdirSync(path.join(root, workdir), { recursive: true });
        break;
      case 'ENV':
        for (const [name, value] of parseEnv(args)) stageEnv[name] = value;
        break;
      case 'COPY': {
        const { from, sources, dest } = parseCopy(args);
        const sourceRoot = from === undefined ? context : stages.get(from);
        if (sourceRoot === undefined) throw new Error(`${at}: no stage named ${from}`);
        for (const source of sources) copyInto(sourceRoot, source, path.join(root, path.posix.resolve(workdir, dest)), dest.endsWith('/'), at);
        break;
      }
      case 'RUN': {
        log(`${at}: RUN ${args}`);
        const result = spawnSync('sh', ['-c', args], { cwd: path.join(root, workdir), env: { ...env, ...stageEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
        if (result.status !== 0) throw new Error(`${at}: RUN ${args} exited with ${result.status ?? result.signal}`);
        break;
      }
      case 'USER':
        user = args;
        break;
      case 'HEALTHCHECK':
        healthcheck = parseHealthcheck(args);
        break;
      case 'CMD':
        cmd = parseExecForm(args);
        break;
      case 'EXPOSE':
        break; // the port is chosen below, so a busy 3000 on this machine does not matter
      default:
        throw new Error(`${at}: ${op} is not supported by scripts/check-docker-build.ts; extend it with the Dockerfile`);
    }
  }
  if (cmd === undefined || healthcheck === undefined) throw new Error('the Dockerfile needs a CMD and a HEALTHCHECK');
  await runContainer(path.join(root, workdir), { ...env, ...stageEnv }, user, cmd, healthcheck);
}

/**
 * The build context as a clean clone has it (git's tracked files plus new files it would track),
 * less what `.dockerignore` keeps out of it.
 */
function cleanCopy(): string {
  const context = path.join(work, 'context');
  const ignored = existsSync(path.join(repo, '.dockerignore')) ? dockerIgnoreMatcher(readFileSync(path.join(repo, '.dockerignore'), 'utf8')) : () => false;
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8').split('\0').filter((file) => file !== '' && !ignored(file) && existsSync(path.join(repo, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(context, file));
  }
  log(`build context: ${files.length} files from git`);
  return context;
}

/** Docker COPY: a file goes into a folder destination (or becomes the destination), a folder's contents are copied. */
function copyInto(sourceRoot: string, source: string, target: string, targetIsFolder: boolean, at: string): void {
  const from = path.join(sourceRoot, source);
  if (!existsSync(from)) throw new Error(`${at}: COPY source ${source} does not exist`);
  if (statSync(from).isDirectory()) cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  else {
    const file = targetIsFolder ? path.join(target, path.basename(source)) : target;
    mkdirSync(path.dirname(file), { recursive: true });
    cpSync(from, file);
  }
}

/** The environment a RUN sees: this machine's, without npm's own variables or the repository's bin folder. */
function baseEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('npm_') && name !== 'INIT_CWD' && name !== 'NODE') env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  return env;
}

/** `node:24-…` → the project's pinned Node.js binary first on PATH, when its major is 24. */
function useBaseImage(image: string, env: Record<string, string>): void {
  const wanted = /^node:(\d+)/.exec(image)?.[1];
  if (wanted === undefined) throw new Error(`base image ${image} is not a node:<major> image`);
  const binary = path.join(repo, 'node_modules', 'node', 'bin', 'node');
  const version = execFileSync(binary, ['--version']).toString().trim();
  if (version.split('.')[0] !== `v${wanted}`) throw new Error(`base image ${image} needs Node.js ${wanted}; the pinned one is ${version}`);
  const bin = path.join(work, 'base-image-bin');
  if (!existsSync(bin)) {
    mkdirSync(bin, { mode: 0o755 });
    symlinkSync(binary, path.join(bin, 'node'));
  }
  ensureUser('node');
  if (!env.PATH!.startsWith(`${bin}:`)) env.PATH = `${bin}:${env.PATH}`;
}

/** The node image has a `node` user (uid 1000); create it here when missing, as root can. */
function ensureUser(user: string): void {
  if (spawnSync('id', [user]).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`user ${user} does not exist and only root can create it`);
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
  log(`created the system user ${user}, as the base image has it`);
}

/** Starts CMD as the final stage would, waits for the HEALTHCHECK, then uses the service as a user would. */
async function runContainer(cwd: string, env: Record<string, string>, user: string | undefined, cmd: string[], health: { command: string[]; timeoutMs: number }): Promise<void> {
  const port = await freePort();
  // HOST stays as the Dockerfile sets it only inside a container; here the check listens on loopback.
  const runEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  // USER: the process runs with that user's ids (root can set them), as in the container.
  const ids = user === undefined || process.getuid?.() !== 0 ? {} : { uid: idOf(user, '-u'), gid: idOf(user, '-g') };
  log(`CMD ${cmd.join(' ')}${user === undefined ? '' : ` as ${user}`} on port ${port}`);
  server = spawn(cmd[0]!, cmd.slice(1), { cwd, env: runEnv, ...ids, stdio: ['ignore', 'ignore', 'inherit'] });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the service exited with ${server.exitCode} before it was healthy`);
    if (spawnSync(health.command[0]!, health.command.slice(1), { cwd, env: runEnv, ...ids, timeout: health.timeoutMs }).status === 0) break;
    if (Date.now() > deadline) throw new Error('HEALTHCHECK did not pass within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log('HEALTHCHECK passed');
  // The image installs jemalloc for the PDF workers' memory: it must be in use.
  const maps = readFileSync(`/proc/${server.pid}/maps`, 'utf8');
  if (!maps.includes('libjemalloc')) throw new Error('the service runs without jemalloc, which the image installs for it (src/render/allocator-settings.ts)');
  log('jemalloc is preloaded');

  const base = `http://127.0.0.1:${port}`;
  const apiKey = await signUpThroughOutbox(base, path.join(cwd, 'data'), 'docker-check@example.com', 'docker check');
  const pdf = await fetch(`${base}/api/generate-invoice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ from: { name: 'Acme GmbH' }, to: { name: 'Globex' }, language: 'hi', items: [{ description: 'परामर्श', unit_price: 300 }], output: 'pdf' }),
  });
  const bytes = Buffer.from(await pdf.arrayBuffer());
  if (pdf.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`a PDF generation answered ${pdf.status} ${bytes.subarray(0, 200).toString()}`);
  log(`signed up and rendered a ${bytes.length}-byte PDF`);

  server.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => server!.once('exit', (exitCode) => resolve(exitCode)));
  if (code !== 0) throw new Error(`SIGTERM ended the service with status ${code}, not 0`);
  log('SIGTERM: exited 0');
}

function idOf(user: string, flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, user]).toString().trim());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}
