import type { ServerResponse } from 'node:http';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';

/** An https server with one image, /logo.png (3 × 2 pixels); any other path is a 404. */
export function startLogoServer(): Promise<HttpsImageServer> {
  return startHttpsImageServer((request, response: ServerResponse) => {
    if (request.url === '/logo.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_3X2.length });
      response.end(PNG_3X2);
      return;
    }
    response.writeHead(404).end();
  });
}
