/** What the command reads and writes besides files: given by src/cli.ts, so nothing else reads the process. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  /** INVOICE_API_URL and INVOICE_API_KEY are read from it, by `invoice send` only. */
  readonly env: Readonly<Record<string, string | undefined>>;
}
