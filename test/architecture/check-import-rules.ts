import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import { scanSource, type ImportRef } from './scan-source.ts';

/** A source file by its path from the repository root (src/http/x.ts) and its text. */
export interface SourceText {
  path: string;
  text: string;
}

export type RuleName =
  | 'http-no-adapters'
  | 'domain-pure'
  | 'schemas-inward'
  | 'use-cases-no-http'
  | 'mcp-no-http'
  | 'cli-no-http'
  | 'requests-transport-free'
  | 'status-in-http'
  | 'app-error-no-status'
  | 'checkable-imports';

export interface Violation {
  file: string;
  line: number;
  /** The specifier as written, or the name for the rules about names rather than modules. */
  import: string;
  rule: RuleName;
  message: string;
}

/**
 * npm packages the domain may use: each computes from its arguments and does no I/O (TypeBox
 * describes the data, xmlbuilder writes the UBL text, qrcode draws the QR matrix as SVG).
 */
export const DOMAIN_PACKAGES: readonly string[] = ['typebox', 'xmlbuilder', 'qrcode'];

/**
 * Node built-ins the domain may use, with the exports it may take where the module also does I/O:
 * node:net's isIP only parses a string, while the rest of node:net opens sockets.
 */
export const DOMAIN_BUILTINS: Readonly<Record<string, 'any' | readonly string[]>> = {
  'node:crypto': 'any',
  'node:url': 'any',
  'node:net': ['isIP'],
};

/** npm packages schemas/ may use: TypeBox, and the option type of the validator's formats. */
export const SCHEMAS_PACKAGES: readonly string[] = ['typebox', 'ajv-formats'];

/**
 * npm packages requests/ may use: TypeBox for the schemas it reads along, Ajv and its formats for
 * the validator. Nothing that serves, stores or fetches: a request is read alike whatever carried it.
 */
export const REQUESTS_PACKAGES: readonly string[] = ['typebox', 'ajv', 'ajv-formats'];

/** The names that turn an error code into an HTTP status: only errors/ and http/ touch them. */
export const STATUS_NAMES: readonly string[] = ['ERROR_STATUS', 'ERROR_VARIANT_STATUS', 'statusOf'];

type Target =
  | { kind: 'src'; folder: string; path: string }
  | { kind: 'outside'; path: string }
  | { kind: 'builtin'; module: string }
  | { kind: 'package'; name: string }
  | { kind: 'unknown' };

interface ImportRule {
  name: RuleName;
  /** The src/ folder whose files the rule constrains. */
  folder: string;
  why: string;
  allows(target: Target, names: readonly string[]): boolean;
}

const inFolders = (target: Target, folders: readonly string[]): boolean =>
  target.kind === 'src' && folders.includes(target.folder);

const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'http-no-adapters',
    folder: 'http',
    why: 'src/http/ reaches storage and Redis through a use-case, never src/storage/ or src/redis/, and is given its parts, never src/compose/',
    allows: (target) => !inFolders(target, ['storage', 'redis', 'compose']),
  },
  {
    name: 'domain-pure',
    folder: 'domain',
    why: `src/domain/ imports only src/domain/, src/errors/, src/lib/, the built-ins without I/O (${Object.keys(DOMAIN_BUILTINS).join(', ')}) and ${DOMAIN_PACKAGES.join(', ')}`,
    allows: (target, names) => {
      if (target.kind === 'src') return inFolders(target, ['domain', 'errors', 'lib']);
      if (target.kind === 'package') return DOMAIN_PACKAGES.includes(target.name);
      if (target.kind !== 'builtin') return false;
      const allowed = DOMAIN_BUILTINS[target.module];
      return allowed === 'any' || (allowed !== undefined && names.every((name) => allowed.includes(name)));
    },
  },
  {
    name: 'schemas-inward',
    folder: 'schemas',
    why: `src/schemas/ imports only src/schemas/, src/domain/, src/errors/, src/lib/ and ${SCHEMAS_PACKAGES.join(', ')}`,
    allows: (target) => inFolders(target, ['schemas', 'domain', 'errors', 'lib'])
      || (target.kind === 'package' && SCHEMAS_PACKAGES.includes(target.name)),
  },
  {
    name: 'use-cases-no-http',
    folder: 'use-cases',
    why: 'src/use-cases/ knows nothing of HTTP (no src/http/, no Fastify) and is given its parts, never src/compose/',
    allows: (target) => !inFolders(target, ['http', 'compose'])
      && !(target.kind === 'package' && /^(fastify|fastify-.*|@fastify\/.*)$/.test(target.name)),
  },
  {
    name: 'mcp-no-http',
    folder: 'mcp',
    why: 'src/mcp/ reads requests through src/requests/ and reaches storage and Redis through a use-case, never src/http/, src/storage/ or src/redis/',
    allows: (target) => !inFolders(target, ['http', 'storage', 'redis']),
  },
  {
    name: 'cli-no-http',
    folder: 'cli',
    why: 'src/cli/ reads request files through src/requests/, never src/http/',
    allows: (target) => !inFolders(target, ['http']),
  },
  {
    name: 'requests-transport-free',
    folder: 'requests',
    why: `src/requests/ imports only src/requests/, src/domain/, src/errors/, src/lib/, src/schemas/ and ${REQUESTS_PACKAGES.join(', ')}: no transport, no storage, no I/O`,
    allows: (target) => inFolders(target, ['requests', 'domain', 'errors', 'lib', 'schemas'])
      || (target.kind === 'package' && REQUESTS_PACKAGES.includes(target.name)),
  },
];

/**
 * The import rules of src/ (the README's Layout), over a set of files under src/: which folder may
 * depend on which, and that only errors/ and http/ choose HTTP statuses. Pure: it reads the texts given,
 * so a test can feed it a synthetic file as easily as the real tree.
 */
export function checkImportRules(files: readonly SourceText[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const folder = file.path.split('/')[1] ?? '';
    const scan = scanSource(file.path, file.text, STATUS_NAMES);
    const report = (line: number, imported: string, rule: RuleName, what: string): void => {
      violations.push({ file: file.path, line, import: imported, rule, message: `${file.path}:${line} breaks ${rule}: ${what}` });
    };
    for (const ref of scan.imports) {
      if (ref.specifier === undefined) {
        report(ref.line, '<computed>', 'checkable-imports', 'imports a computed specifier, which no rule can check');
        continue;
      }
      const target = resolveTarget(file.path, ref);
      if (target.kind === 'unknown') {
        report(ref.line, ref.specifier, 'checkable-imports', `imports '${ref.specifier}', neither relative, a built-in nor a package`);
        continue;
      }
      for (const rule of IMPORT_RULES) {
        if (rule.folder === folder && !rule.allows(target, ref.names)) {
          report(ref.line, ref.specifier, rule.name, `imports '${ref.specifier}' (${describe(target, ref.names)}); ${rule.why}`);
        }
      }
    }
    if (folder !== 'errors' && folder !== 'http') {
      for (const mention of scan.mentions) {
        report(mention.line, mention.name, 'status-in-http',
          `reads ${mention.name}; only src/errors/ and src/http/ turn an error code into an HTTP status`);
      }
    }
    for (const line of scan.appErrorStatusLines) {
      report(line, 'new AppError(…, { status })', 'app-error-no-status',
        'passes a status to new AppError; raise a code (and a variant), the HTTP error map chooses the status');
    }
  }
  return violations;
}

function resolveTarget(from: string, ref: ImportRef): Target {
  const specifier = ref.specifier ?? '';
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const path = posix.normalize(posix.join(posix.dirname(from), specifier));
    const segments = path.split('/');
    return segments[0] === 'src' && segments.length > 1
      ? { kind: 'src', folder: segments.length > 2 ? segments[1]! : '', path }
      : { kind: 'outside', path };
  }
  const bare = specifier.startsWith('node:') ? specifier.slice('node:'.length) : specifier;
  const base = bare.split('/')[0]!;
  if (specifier.startsWith('node:') || builtinModules.includes(bare)) return { kind: 'builtin', module: `node:${base}` };
  if (/^[@a-z0-9]/i.test(specifier)) {
    const parts = specifier.split('/');
    return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
  }
  return { kind: 'unknown' };
}

function describe(target: Target, names: readonly string[]): string {
  switch (target.kind) {
    case 'src':
    case 'outside':
      return target.path;
    case 'builtin':
      return `${target.module} ${names.join(', ')}`;
    case 'package':
      return `package ${target.name}`;
    case 'unknown':
      return 'unresolved';
  }
}
