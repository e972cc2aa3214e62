import type { FastifyInstance } from 'fastify';
import { composeServices, type ServiceParts } from './compose/compose-services.ts';
import { registerRoutes } from './compose/register-routes.ts';
import type { Config } from './config/config.ts';
import { SERVICE_VERSION } from './lib/service-version.ts';
import { CLIENT_TIMEOUTS, createHttpApp, type ClientTimeouts } from './http/create-http-app.ts';
import type { WebhookWorker } from './use-cases/webhooks/webhook-worker.ts';

export { CLIENT_TIMEOUTS, type ClientTimeouts };

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook delivery worker of this instance; tests drive it with runDue(). */
    webhookWorker: WebhookWorker;
  }
}

/** The opened parts buildApp is given (server.ts, tests), and the ones tests replace. */
export interface AppDependencies extends Omit<ServiceParts, 'version'> {
  /** Deadlines for slow clients (defaults in CLIENT_TIMEOUTS); tests shorten them. */
  readonly clientTimeouts?: Partial<ClientTimeouts>;
}

/**
 * Builds the whole HTTP application from validated config and opened dependencies. Production
 * (server.ts) and every test call this same function; nothing here reads the environment.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = await createHttpApp(config, deps.logger, { ...CLIENT_TIMEOUTS, ...deps.clientTimeouts });
  const services = await composeServices(config, { ...deps, version: SERVICE_VERSION }, {
    onReady: (start) => app.addHook('onReady', start),
    onClose: (stop) => app.addHook('onClose', stop),
  });
  app.decorate('webhookWorker', services.webhookWorker);
  await registerRoutes(app, config, services, SERVICE_VERSION);
  return app;
}
