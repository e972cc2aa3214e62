import { parseArgs } from 'node:util';
import { OUTPUTS, PROFILES, type Output, type Profile } from '../domain/invoice/catalog.ts';
import { printableArgument } from '../lib/printable-argument.ts';

/** What replaces fields of every request file, from the command line. */
export interface RequestOverrides {
  readonly output?: Output;
  readonly profile?: Profile;
}

/** One run of the `invoice` command, read from its arguments. */
export type CliCommand =
  | { readonly name: 'help'; readonly topic: CliTopic | undefined }
  | { readonly name: 'version' }
  | {
    readonly name: 'render';
    readonly inputs: readonly string[];
    readonly overrides: RequestOverrides;
    readonly number: string | undefined;
    readonly out: string | undefined;
    readonly outDir: string | undefined;
  }
  | { readonly name: 'send'; readonly input: string; readonly overrides: RequestOverrides; readonly out: string | undefined }
  | { readonly name: 'inspect'; readonly inputs: readonly string[]; readonly json: boolean }
  | { readonly name: 'mcp' };

/** The commands with a help text of their own. */
export type CliTopic = 'render' | 'send' | 'inspect' | 'mcp';

export type ParsedCliCommand = { readonly ok: true; readonly command: CliCommand } | { readonly ok: false; readonly message: string; readonly topic?: CliTopic };

const REQUEST_OPTIONS = {
  output: { type: 'string' },
  profile: { type: 'string' },
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Reads the arguments after `invoice`; says what is wrong instead of throwing. */
export function parseCliCommand(args: readonly string[]): ParsedCliCommand {
  const [name, ...rest] = args;
  switch (name) {
    case undefined:
      return { ok: false, message: 'no command given' };
    case '-h':
    case '--help':
      return { ok: true, command: { name: 'help', topic: undefined } };
    case 'help': {
      const topic = rest[0];
      if (topic === undefined || topic === 'render' || topic === 'send' || topic === 'inspect' || topic === 'mcp') return { ok: true, command: { name: 'help', topic } };
      return { ok: false, message: `"${printableArgument(topic)}" is not a command` };
    }
    case '-v':
    case '--version':
      return { ok: true, command: { name: 'version' } };
    case 'render':
      return parseRender(rest);
    case 'send':
      return parseSend(rest);
    case 'inspect':
      return parseInspect(rest);
    case 'mcp':
      return parseMcp(rest);
    default:
      return { ok: false, message: `"${printableArgument(name)}" is not a command` };
  }
}

function parseRender(args: readonly string[]): ParsedCliCommand {
  const parsed = parse(args, { ...REQUEST_OPTIONS, number: { type: 'string' }, 'out-dir': { type: 'string' } }, 'render');
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed;
  if (values.help === true) return { ok: true, command: { name: 'help', topic: 'render' } };
  const overrides = readOverrides(values, 'render');
  if (!overrides.ok) return overrides;
  const fail = (message: string) => ({ ok: false as const, message, topic: 'render' as const });
  if (positionals.length === 0) return fail('render needs a request file, for example: invoice render request.json --output pdf -o invoice.pdf');
  if (values.out !== undefined && values['out-dir'] !== undefined) return fail('-o and --out-dir cannot be used together');
  if (positionals.length > 1 && values['out-dir'] === undefined) return fail(`${positionals.length} request files need --out-dir <dir>: each is written there, named after its input`);
  // Every input would carry the same number; numbers are unique (D15).
  if (positionals.length > 1 && values.number !== undefined) return fail('--number takes one request file: give each file its own invoice.number');
  return {
    ok: true,
    command: { name: 'render', inputs: positionals, overrides: overrides.overrides, number: text(values.number), out: text(values.out), outDir: text(values['out-dir']) },
  };
}

function parseSend(args: readonly string[]): ParsedCliCommand {
  const parsed = parse(args, REQUEST_OPTIONS, 'send');
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed;
  if (values.help === true) return { ok: true, command: { name: 'help', topic: 'send' } };
  const overrides = readOverrides(values, 'send');
  if (!overrides.ok) return overrides;
  if (positionals.length !== 1) return { ok: false, message: `send takes one request file, got ${positionals.length}`, topic: 'send' };
  return { ok: true, command: { name: 'send', input: positionals[0]!, overrides: overrides.overrides, out: text(values.out) } };
}

/** `invoice inspect FILE…`: received e-invoices (XML or hybrid PDF), checked and read offline. */
function parseInspect(args: readonly string[]): ParsedCliCommand {
  const parsed = parse(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 'inspect');
  if (!parsed.ok) return parsed;
  if (parsed.values.help === true) return { ok: true, command: { name: 'help', topic: 'inspect' } };
  if (parsed.positionals.length === 0) return { ok: false, message: 'inspect needs a file: for example invoice inspect received.xml', topic: 'inspect' };
  return { ok: true, command: { name: 'inspect', inputs: parsed.positionals, json: parsed.values.json === true } };
}

/** `invoice mcp` takes no arguments: the service and key are in the environment, as a desktop client's configuration gives them. */
function parseMcp(args: readonly string[]): ParsedCliCommand {
  const parsed = parse(args, { help: { type: 'boolean', short: 'h' } }, 'mcp');
  if (!parsed.ok) return parsed;
  if (parsed.values.help === true) return { ok: true, command: { name: 'help', topic: 'mcp' } };
  if (parsed.positionals.length > 0) return { ok: false, message: `mcp takes no arguments, got "${printableArgument(parsed.positionals[0]!)}"`, topic: 'mcp' };
  return { ok: true, command: { name: 'mcp' } };
}

type Values = Record<string, string | boolean | undefined>;

/** A string option's value (parseArgs typed them by their declaration). */
const text = (value: string | boolean | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

function parse(args: readonly string[], options: NonNullable<Parameters<typeof parseArgs>[0]>['options'], topic: CliTopic)
  : { ok: true; values: Values; positionals: string[] } | { ok: false; message: string; topic: CliTopic } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { ok: true, values: values as Values, positionals };
  } catch (error) {
    // parseArgs names the option in its message (ERR_PARSE_ARGS_UNKNOWN_OPTION, ..._INVALID_OPTION_VALUE).
    return { ok: false, message: printableArgument((error as Error).message, 300), topic };
  }
}

function readOverrides(values: Values, topic: 'render' | 'send'): { ok: true; overrides: RequestOverrides } | { ok: false; message: string; topic: 'render' | 'send' } {
  const output = text(values.output);
  const profile = text(values.profile);
  if (output !== undefined && !(OUTPUTS as readonly string[]).includes(output)) {
    return { ok: false, message: `--output "${printableArgument(output)}" is not an output: use one of ${OUTPUTS.join(', ')}`, topic };
  }
  if (profile !== undefined && !(PROFILES as readonly string[]).includes(profile)) {
    return { ok: false, message: `--profile "${printableArgument(profile)}" is not a profile: use one of ${PROFILES.join(', ')}`, topic };
  }
  return {
    ok: true,
    overrides: { ...(output === undefined ? {} : { output: output as Output }), ...(profile === undefined ? {} : { profile: profile as Profile }) },
  };
}
