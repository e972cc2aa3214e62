#!/usr/bin/env node
import { runCli } from './cli/run-cli.ts';

/**
 * The `invoice` command for API users (package.json `bin`, docs/cli.md): renders invoices offline
 * with the service's engine and renderer, sends them to a service, or serves the service's MCP
 * tools on standard input and output (docs/mcp.md). The process is read here only; the exit
 * status is set, not forced, so standard output is flushed first.
 */
runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`invoice: unexpected failure: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
