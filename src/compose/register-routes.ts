import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { pricingPage } from '../http/pages/pricing-page.ts';
import { webAppPages } from '../http/pages/web-app-pages.ts';
import { authRoutes } from '../http/routes/auth-routes.ts';
import { batchRoute } from '../http/routes/batch-route.ts';
import { generateInvoiceRoute } from '../http/routes/generate-invoice-route.ts';
import { healthRoute } from '../http/routes/health-route.ts';
import { inspectInvoiceRoute } from '../http/routes/inspect-invoice-route.ts';
import { hostedInvoiceRoute } from '../http/routes/hosted-invoice-route.ts';
import { mcpRoute } from '../http/routes/mcp-route.ts';
import { usageRoute } from '../http/routes/usage-route.ts';
import { webhookRoutes } from '../http/routes/webhook-routes.ts';
import { mcpTools } from '../mcp/mcp-tools.ts';
import type { Services } from './compose-services.ts';

/**
 * Every route and page, each given the parts it uses. The order is the OpenAPI document's order
 * of paths.
 */
export async function registerRoutes(app: FastifyInstance, config: Config, services: Services, version: string): Promise<void> {
  const { callers, clock, generation } = services;
  await app.register(healthRoute(services.health.storage, services.health.counters, version));
  await app.register(generateInvoiceRoute({ callers, generation, clock }));
  await app.register(batchRoute({ callers, generation, clock }));
  await app.register(inspectInvoiceRoute({ callers, inspection: services.inspection, clock }));
  await app.register(usageRoute({ ...callers, ...generation }));
  await app.register(hostedInvoiceRoute({ reader: services.hostedInvoices, throttle: services.throttle, clock }));
  await app.register(webhookRoutes({ ...callers, clock, webhooks: services.webhooks }));
  await app.register(mcpRoute({ callers, clock, version, tools: mcpTools({ generation, inspection: services.inspection, webhooks: services.webhooks, throttle: services.throttle }) }));
  await app.register(webAppPages(services.web));
  await app.register(pricingPage(config.limits));
  await app.register(authRoutes({
    accounts: services.accounts,
    callers,
    throttle: services.throttle,
    secureCookies: config.publicUrl.startsWith('https:'),
    limits: config.limits,
    clock,
    web: services.web,
  }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
