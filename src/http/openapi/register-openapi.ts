import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import { SERVICE_VERSION } from '../../lib/service-version.ts';
import { addAccountExamples } from './add-account-examples.ts';
import { addWebhookEvents } from './add-webhook-events.ts';
import { REQUEST_ID_HEADER } from './documented-headers.ts';
import { defaultsIntoDescriptions } from './defaults-into-descriptions.ts';
import { addCodeSamples } from './code-samples.ts';
import { errorAnswers, type ErrorCase } from './error-answers.ts';
import { OPENAPI_COMPONENTS } from './openapi-components.ts';
import { addOpenApiExamples } from './openapi-examples.ts';
import { indexComponents, referenceComponents } from './reference-components.ts';
import { SECURITY_SCHEMES } from './security-requirements.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error codes the route can answer, for the OpenAPI document: each becomes its own status
     * with the Error schema and examples, replacing the 4xx/5xx ranges the serializer keeps.
     */
    errors?: readonly ErrorCase[];
    /** Headers every error answer of the route may carry beside X-Request-Id (the windows' of a generation). */
    errorHeaders?: Readonly<Record<string, object>>;
  }
}

/** Declared so that every tag an operation uses has a description (spectral operation-tag-defined). */
const TAGS = [
  { name: 'invoices', description: 'Compute one invoice or a batch as JSON, PDF, UBL or CII, and open a hosted link.' },
  { name: 'webhooks', description: 'Register https endpoints that receive invoice.generated and batch.generated, signed with X-Service-Signature.' },
  { name: 'accounts', description: 'Sign-up, sign-in, the API key and this month\'s usage.' },
  { name: 'service', description: 'Whether the service and its storage answer.' },
];

/**
 * GET /openapi.json (OpenAPI 3.1, from the same TypeBox schemas that validate) and Swagger UI at
 * /docs. Every route's schema goes through referenceComponents on its way into the document, so
 * a shape appears once, under its name in components.schemas, however many operations use it.
 * Must be called before the routes are registered: the onRoute hook sees only routes added later.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const index = indexComponents(OPENAPI_COMPONENTS);
  const schemas = Object.fromEntries(Object.entries(OPENAPI_COMPONENTS).map(([name, schema]) => [name, defaultsIntoDescriptions(referenceComponents(schema, index, name))]));

  // A route's own swaggerTransform (the file answers of generate-invoice, batch's full body)
  // runs first, so the shapes it puts in are named too.
  app.addHook('onRoute', (route) => {
    const own = route.config?.swaggerTransform as SwaggerTransform | undefined;
    const errors = route.config?.errors;
    const errorHeaders = route.config?.errorHeaders;
    const named: SwaggerTransform = (input) => {
      const { schema, url } = own === undefined ? input : own(input) as { schema?: typeof input.schema; url?: string };
      const described = errors === undefined ? schema ?? input.schema : withErrorAnswers(schema ?? input.schema, errors, errorHeaders);
      return { url: url ?? input.url, schema: withRequestId(referenceComponents(described, index) as typeof input.schema) };
    };
    route.config = { ...route.config, swaggerTransform: named };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Invoice Generation Service',
        version: SERVICE_VERSION,
        description: 'One JSON payload in, exact totals out, as JSON, PDF, UBL 2.1 or CII. See the README and docs/ for the rules.',
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'Invoice Generation Service', url: config.publicUrl },
      },
      servers: [{ url: config.publicUrl }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES as never, schemas: schemas as never },
    },
    transformObject: (input) => addCodeSamples(addWebhookEvents(addAccountExamples(addOpenApiExamples((input as unknown as { openapiObject: Record<string, unknown> }).openapiObject)))) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

/** The route's schema with its error ranges replaced by one response per status it can answer. */
function withErrorAnswers<S extends { response?: unknown }>(schema: S, errors: readonly ErrorCase[], headers?: Readonly<Record<string, object>>): S {
  const answers = errorAnswers(errors, headers);
  const kept = Object.entries((schema.response ?? {}) as Record<string, unknown>)
    .filter(([status]) => !/^[45]xx$/i.test(status) && !(status in answers));
  return { ...schema, response: { ...Object.fromEntries(kept), ...answers } };
}

/**
 * Every answer declares X-Request-Id. A response given as a bare schema (or a $ref to one) takes
 * `headers` beside it: @fastify/swagger reads them from there and keeps them out of the schema.
 */
function withRequestId<S extends { response?: unknown; summary?: unknown }>(schema: S): S {
  if (schema.response === undefined) return schema;
  // Without a description of its own, a success is described by the operation's summary, not
  // @fastify/swagger's "Default Response".
  const done = typeof schema.summary === 'string' ? `Done: ${schema.summary.charAt(0).toLowerCase()}${schema.summary.slice(1)}.` : 'Done.';
  const responses = Object.entries(schema.response as Record<string, { headers?: object; description?: string; $ref?: string }>).map(([status, answer]) => [status, {
    ...answer,
    ...(answer.description === undefined ? { description: answer.$ref !== undefined ? `A ${answer.$ref.split('/').pop()}.` : done } : {}),
    headers: { 'x-request-id': REQUEST_ID_HEADER, ...answer.headers },
  }]);
  return { ...schema, response: Object.fromEntries(responses) };
}
