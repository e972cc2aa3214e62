import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export type Json = Record<string, any>;

/** The SDK's own client, connected to `${baseUrl}/mcp` with the key as a Bearer token (none when undefined). */
export async function connectMcp(baseUrl: string, apiKey: string | undefined): Promise<Client> {
  const client = new Client({ name: 'invoice-service-tests', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: apiKey === undefined ? {} : { headers: { authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

/** tools/call, typed as the tool result it is (the SDK's union also admits the legacy toolResult form). */
export async function callTool(client: Client, name: string, args: Json): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`first content is not text: ${JSON.stringify(result).slice(0, 300)}`);
  return first.text;
}
