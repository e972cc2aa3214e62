import { SERVICE_VERSION } from '../lib/service-version.ts';
import { CLI_USAGE, INSPECT_USAGE, MCP_USAGE, RENDER_USAGE, SEND_USAGE } from './cli-usage.ts';
import type { CliIo } from './cli-io.ts';
import { parseCliCommand } from './parse-cli-command.ts';
import { runRender } from './run-render.ts';
import { runSend } from './run-send.ts';

const USAGE = { render: RENDER_USAGE, send: SEND_USAGE, inspect: INSPECT_USAGE, mcp: MCP_USAGE } as const;

/**
 * The `invoice` command (docs/cli.md): reads its arguments, runs one command, returns the exit
 * status: 0 done, 1 a document failed or the API answered an error (or, for mcp, could not be
 * reached), 2 bad usage.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliCommand(args);
  if (!parsed.ok) {
    io.stderr.write(`invoice: ${parsed.message}\n\n${parsed.topic === undefined ? CLI_USAGE : USAGE[parsed.topic]}`);
    return 2;
  }
  const { command } = parsed;
  switch (command.name) {
    case 'help':
      io.stdout.write(command.topic === undefined ? CLI_USAGE : USAGE[command.topic]);
      return 0;
    case 'version':
      io.stdout.write(`${SERVICE_VERSION}\n`);
      return 0;
    case 'render':
      return runRender(command, io);
    case 'send':
      return runSend(command, io);
    case 'inspect':
      // Loaded here only: the rule checkers start worker threads.
      return (await import('./run-inspect.ts')).runInspect(command, io);
    case 'mcp':
      if (io.stdin === undefined) throw new TypeError('invoice mcp needs standard input');
      // Loaded here only: the MCP SDK is not worth its start-up time to render and send.
      return (await import('./run-mcp-bridge.ts')).runMcpBridge({ ...io, stdin: io.stdin }, SERVICE_VERSION);
  }
}
