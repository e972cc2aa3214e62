import { readFileSync } from 'node:fs';

/**
 * The service's version: package.json's `version`, the one place it is written. The health
 * answer, the OpenAPI document's info.version, the MCP server info, the web app's footer, the
 * webhook User-Agent and `invoice --version` all show this value. Read once, when first imported;
 * src/lib/ and dist/lib/ both sit one level under the folder that holds package.json.
 */
export const SERVICE_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
