import { OUTPUTS, PROFILES } from '../domain/invoice/catalog.ts';

/** `invoice --help`. */
export const CLI_USAGE = `Usage: invoice <command> [options]

Commands:
  render <request.json>...  Render invoices offline: the service's engine and renderer, no server
                            and no database.
  send <request.json>       Send one request to a server (INVOICE_API_URL, INVOICE_API_KEY) and
                            write its answer.
  inspect <file>...         Check received e-invoices (UBL, CII, hybrid PDF) with the official
                            rules and read them, offline.
  mcp                       Serve the service's MCP tools on standard input and output, for
                            desktop agents (INVOICE_API_URL, INVOICE_API_KEY).
  help [command]            Show this text, or a command's.

Options:
  -h, --help                Show help.
  -v, --version             Print the version.

Exit status: 0 done, 1 a document failed or the API answered an error, 2 bad usage.
See docs/cli.md.
`;

/** `invoice render --help`. */
export const RENDER_USAGE = `Usage: invoice render <request.json> [--output <format>] [--profile <profile>] [-o <file>]
       invoice render <request.json>... --out-dir <dir> [--output <format>] [--profile <profile>]

Renders a request file, read as POST /api/generate-invoice reads its body, on this machine.

Options:
  --output <format>    ${OUTPUTS.join(', ')}; replaces the request's "output" (default: the
                       request's, else json).
  --profile <profile>  ${PROFILES.join(', ')}; replaces the request's "profile". pdf with factur-x
                       or xrechnung makes a hybrid PDF.
  --number <number>    The invoice number when the request has no invoice.number (one input only).
  -o, --out <file>     Write the document to this file (default: standard output).
  --out-dir <dir>      Write one document per input, named after it (a.json -> dir/a.pdf); goes
                       on past a bad file and sums up at the end.
  -h, --help           Show this text.

Offline rules: the number is the request's invoice.number, else --number, else the render fails;
the date is invoice.date, else today (UTC); no hosted link; the logo and signature are loaded as
the service loads them (data: URIs, public https URLs); the QR as for an account.

Exit status: 0 every document written, 1 one or more failed, 2 bad usage.
`;

/** `invoice send --help`. */
export const SEND_USAGE = `Usage: invoice send <request.json> [--output <format>] [--profile <profile>] [-o <file>]

POSTs the request to INVOICE_API_URL/api/generate-invoice with INVOICE_API_KEY as a Bearer key
(without a key the call is anonymous: JSON only) and writes the answer's body as it came: the JSON
answer, or the PDF or XML bytes.

Options:
  --output <format>    ${OUTPUTS.join(', ')}; replaces the request's "output".
  --profile <profile>  ${PROFILES.join(', ')}; replaces the request's "profile".
  -o, --out <file>     Write the answer to this file (default: standard output).
  -h, --help           Show this text.

Environment: INVOICE_API_URL (required, e.g. http://127.0.0.1:3000), INVOICE_API_KEY.

Exit status: 0 written, 1 the API answered an error (its code, message and request id are
printed) or could not be reached, 2 bad usage.
`;

/** `invoice mcp --help`. */
export const MCP_USAGE = `Usage: invoice mcp

Serves MCP (Model Context Protocol) on standard input and output for a desktop agent, and forwards
every tools/list and tools/call to INVOICE_API_URL/mcp with INVOICE_API_KEY as a Bearer key: the
tools are the service's (compute_invoice, generate_invoice, check_einvoice_readiness, the webhook
tools), metered and limited as the HTTP API. Standard output carries MCP messages only; problems
go to standard error. Runs until standard input ends.

Environment: INVOICE_API_URL (required, e.g. http://127.0.0.1:3000), INVOICE_API_KEY (required).

Exit status: 0 standard input ended, 1 the service could not be reached or refused the key,
2 bad usage or a missing variable. See docs/mcp.md for a desktop client's configuration.
`;

/** `invoice inspect --help`. */
export const INSPECT_USAGE = `Usage: invoice inspect <file>... [--json]

Checks received e-invoices on this machine as POST /api/inspect-invoice does: a UBL 2.1 Invoice or
CreditNote, a CII D16B CrossIndustryInvoice, or a hybrid PDF (Factur-X, ZUGFeRD, XRechnung) whose
embedded XML is read. Runs the official schema and the EN 16931, Peppol and XRechnung rules the
document calls for, and compares its totals with the service's computation. No server, no database.

Prints a table: file, syntax, profile, verdict, fatal problems, warnings, totals; then each
problem. With --json, one JSON object per file (the API's answer), as a JSON array.

Options:
  --json        Print the answers as JSON.
  -h, --help    Show this text.

Exit status: 0 every file valid, 1 a file invalid or unreadable, 2 bad usage.
`;
