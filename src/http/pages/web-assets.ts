import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's entry points (web/vite.config.ts builds one bundle per page family). */
export const WEB_ENTRIES = ['generator', 'account', 'dashboard', 'check'] as const;
export type WebEntry = (typeof WEB_ENTRIES)[number];

/** One built file, held in memory: the set is small (tens of KB) and never changes while running. */
export interface WebAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/**
 * The built web app (dist/web, made by `npm run build`): the files under /assets/ by their hashed
 * names, and per entry the script and style sheets a page must link. When the build is missing
 * the pages say so instead of serving broken HTML.
 */
export interface WebAssets {
  /** undefined when dist/web was not built. */
  readonly entries: Readonly<Record<WebEntry, { readonly script: string; readonly styles: readonly string[]; readonly preloads: readonly string[] }>> | undefined;
  /** By URL path, for example /assets/generator-3f2a1b.js. */
  readonly files: ReadonlyMap<string, WebAsset>;
  /** Why entries is undefined. */
  readonly missingReason?: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  name?: string;
}

/** src/http/pages and dist/http/pages are both three levels below the repository. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

export function loadWebAssets(dir: string = DEFAULT_WEB_DIST_DIR): WebAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return { entries: undefined, files: new Map(), missingReason: `The web app is not built (no ${path.join(dir, '.vite', 'manifest.json')}); run npm run build.` };
  }
  const files = new Map<string, WebAsset>();
  const assetsDir = path.join(dir, 'assets');
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return { entries: undefined, files, missingReason: `The web build is incomplete (no ${assetsDir}); run npm run build.` };
  }
  for (const name of names) {
    const contentType = CONTENT_TYPES[path.extname(name)];
    // Source maps and anything unexpected are not served.
    if (contentType !== undefined) files.set(`/assets/${name}`, { body: readFileSync(path.join(assetsDir, name)), contentType });
  }
  const entries = {} as Record<WebEntry, { script: string; styles: string[]; preloads: string[] }>;
  for (const entry of WEB_ENTRIES) {
    const chunk = Object.values(manifest).find((c) => c.isEntry === true && c.name === entry);
    if (chunk === undefined) return { entries: undefined, files, missingReason: `The web build has no "${entry}" entry; run npm run build.` };
    entries[entry] = {
      script: `/${chunk.file}`,
      styles: [...stylesOf(manifest, chunk, new Set())].map((file) => `/${file}`),
      // Announced in the HTML so the browser fetches shared chunks beside the entry, not after it.
      preloads: [...importsOf(manifest, chunk, new Set())].map((file) => `/${file}`),
    };
  }
  return { entries, files };
}

/** The files of every chunk a chunk imports, directly or through another (a shared chunk's runtime). */
function importsOf(manifest: Record<string, ManifestChunk>, chunk: ManifestChunk, seen: Set<ManifestChunk>): Set<string> {
  const files = new Set<string>();
  for (const imported of chunk.imports ?? []) {
    const child = manifest[imported];
    if (child === undefined || seen.has(child)) continue;
    seen.add(child);
    files.add(child.file);
    for (const file of importsOf(manifest, child, seen)) files.add(file);
  }
  return files;
}

/** The style sheets of a chunk and of every chunk it imports (Vite puts shared CSS with shared code). */
function stylesOf(manifest: Record<string, ManifestChunk>, chunk: ManifestChunk, seen: Set<ManifestChunk>): Set<string> {
  const styles = new Set<string>();
  if (seen.has(chunk)) return styles;
  seen.add(chunk);
  for (const imported of chunk.imports ?? []) {
    const child = manifest[imported];
    if (child !== undefined) for (const file of stylesOf(manifest, child, seen)) styles.add(file);
  }
  for (const file of chunk.css ?? []) styles.add(file);
  return styles;
}

/** Whether an If-None-Match header (one tag, a list, weak tags or *) names this ETag (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** A strong ETag for a body that is fixed for the life of the process. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
