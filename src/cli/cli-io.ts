import type { Readable } from 'node:stream';

/** What the command reads and writes besides files: given by src/cli.ts, so nothing else reads the process. */
export interface CliIo {
  /** MCP messages from the agent, for `invoice mcp` only. */
  readonly stdin?: Readable;
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  /** INVOICE_API_URL and INVOICE_API_KEY are read from it, by `invoice send` and `invoice mcp` only. */
  readonly env: Readonly<Record<string, string | undefined>>;
}
