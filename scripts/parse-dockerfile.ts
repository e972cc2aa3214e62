/** One instruction of a Dockerfile, continuation lines joined. */
export interface DockerInstruction {
  /** FROM, WORKDIR, COPY, RUN, ENV, USER, EXPOSE, HEALTHCHECK, CMD … in upper case. */
  readonly op: string;
  /** Everything after the instruction word, as written. */
  readonly args: string;
  /** 1-based line of the instruction's first line, for messages. */
  readonly line: number;
}

/**
 * Reads the subset of the Dockerfile syntax our Dockerfile uses: comments, `\` continuations and
 * one instruction per logical line. Parser directives, heredocs and `ARG` substitution are not
 * supported: check-docker-build.ts refuses what it cannot run rather than guess.
 */
export function parseDockerfile(text: string): DockerInstruction[] {
  const instructions: DockerInstruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!.trim();
    if (first === '' || first.startsWith('#')) continue;
    const line = i + 1;
    let logical = first;
    let continued = logical.endsWith('\\');
    if (continued) logical = logical.slice(0, -1).trimEnd();
    while (continued && i + 1 < lines.length) {
      i++;
      const next = lines[i]!.trim();
      if (next.startsWith('#')) continue; // comments may sit between continuation lines
      continued = next.endsWith('\\');
      logical += ` ${continued ? next.slice(0, -1).trimEnd() : next}`;
    }
    const match = /^([A-Za-z]+)\s+(.*)$/s.exec(logical);
    if (match === null) throw new Error(`Dockerfile line ${line}: cannot read "${logical}"`);
    instructions.push({ op: match[1]!.toUpperCase(), args: match[2]!.trim(), line });
  }
  return instructions;
}

/** `COPY [--from=stage] src… dest` → its parts. */
export function parseCopy(args: string): { from: string | undefined; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    const fromMatch = /^--from=(.+)$/.exec(flag);
    if (fromMatch === null) throw new Error(`COPY flag ${flag} is not supported by the check`);
    from = fromMatch[1]!;
  }
  if (words.length < 2) throw new Error(`COPY needs a source and a destination: "${args}"`);
  return { from, sources: words.slice(0, -1), dest: words.at(-1)! };
}

/** `ENV A=1 B=two` → pairs (the `ENV A 1` legacy form too). Values here never hold spaces. */
export function parseEnv(args: string): Array<[string, string]> {
  if (!args.includes('=')) {
    const [name, ...value] = args.split(/\s+/);
    return [[name!, value.join(' ')]];
  }
  return args.split(/\s+/).map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`ENV pair "${pair}" is not NAME=value`);
    return [pair.slice(0, at), pair.slice(at + 1).replace(/^"(.*)"$/, '$1')];
  });
}

/** The exec form `["node", "x.js"]` of CMD and HEALTHCHECK … CMD; the shell form is refused. */
export function parseExecForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((word) => typeof word === 'string')) {
    throw new Error(`expected the exec form ["program", "arg", …], got ${args}`);
  }
  return parsed;
}

/** `HEALTHCHECK --interval=10s … CMD [...]` → the command and its timeout in ms. */
export function parseHealthcheck(args: string): { command: string[]; timeoutMs: number } {
  const at = args.indexOf('CMD ');
  if (at < 0) throw new Error(`HEALTHCHECK without CMD: "${args}"`);
  const timeout = /--timeout=(\d+)s/.exec(args.slice(0, at));
  return { command: parseExecForm(args.slice(at + 4).trim()), timeoutMs: timeout === null ? 30_000 : Number(timeout[1]) * 1000 };
}

/**
 * `.dockerignore` as a test of context paths: patterns are anchored at the context's root, `*`
 * and `?` stay within one path segment, `**` spans any number, and a match excludes a folder's
 * whole contents. Exceptions (`!pattern`) are refused: our file has none, and guessing their
 * order rules would make the check lie.
 */
export function dockerIgnoreMatcher(text: string): (file: string) => boolean {
  const patterns = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const regexes = patterns.map((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`.dockerignore exception ${pattern} is not supported by the check`);
    const body = pattern.replace(/^\/+|\/+$/g, '').split(/(\*\*\/?|\*|\?)/).map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }).join('');
    return new RegExp(`^${body}(?:/.*)?$`);
  });
  return (file) => regexes.some((regex) => regex.test(file));
}
