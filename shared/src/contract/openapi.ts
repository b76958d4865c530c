// The OpenAPI 3.1 document, generated from the endpoint definitions (JSON Schema 2020-12 through
// zod's own converter). Served at /api/openapi.json; the committed copy (docs/openapi.json) is
// checked against it in the tests, so it cannot go stale.
import { z } from 'zod';
import { errorStatusesOf, isRawAnswer, isRawBody, type EndpointDefinition } from './endpoint.ts';

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input; the message says what to fix',
  401: 'Not logged in, or an unregistered kiosk',
  403: 'Not allowed for this caller (an admin: also while they must replace a one-time password)',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'Request body too large',
  415: 'Unsupported file type',
  429: 'Too many requests; try again later',
  502: 'The provider answered with an error',
  503: 'A service is unavailable; try again',
  507: 'Storage is full',
};

const errorBody = z.looseObject({ message: z.string().meta({ description: 'Shown to the user as is' }) });

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/venue/:id` as OpenAPI writes it: `/api/venue/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(endpoint: EndpointDefinition): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  };
  add('path', endpoint.params);
  add('query', endpoint.query);
  add('header', endpoint.headers);
  return list;
}

function requestBodyOf(endpoint: EndpointDefinition): JsonSchema | undefined {
  const body = endpoint.body;
  if (!body) return undefined;
  if (isRawBody(body)) {
    const schema = body.fields
      ? {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(body.fields).map(([k, d]) => [k, { type: 'string', format: 'binary', description: d }]),
          ),
        }
      : { type: 'string', format: 'binary' };
    return { required: true, description: body.description, content: { [body.contentType]: { schema } } };
  }
  return { required: true, content: { 'application/json': { schema: schemaOf(body, 'input') } } };
}

function responsesOf(endpoint: EndpointDefinition): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    responses[status] = isRawAnswer(answer)
      ? { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } } }
      : { description: 'Success', content: { 'application/json': { schema: schemaOf(answer, 'output') } } };
  }
  for (const status of errorStatusesOf(endpoint)) {
    const body = endpoint.errorBodies?.[status];
    responses[String(status)] = body
      ? { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: schemaOf(body, 'output') } } }
      : { $ref: `#/components/responses/Error${status}` };
  }
  return responses;
}

const SECURITY: Record<EndpointDefinition['access'], JsonSchema[] | undefined> = {
  public: [],
  signed: [],
  kiosk: [{ kiosk: [] }],
  admin: [{ admin: [] }],
  superAdmin: [{ admin: [] }],
  kioskOrAdmin: [{ kiosk: [] }, { admin: [] }],
  recorder: [{ recorder: [] }],
};

export function buildOpenApi(endpoints: Record<string, EndpointDefinition>, info: { version: string }): { openapi: string } & JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedErrors = new Set<number>();
  for (const [name, endpoint] of Object.entries(endpoints)) {
    errorStatusesOf(endpoint)
      .filter((s) => !endpoint.errorBodies?.[s])
      .forEach((s) => usedErrors.add(s));
    const operation: JsonSchema = {
      operationId: name,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      security: SECURITY[endpoint.access],
      ...(endpoint.access === 'superAdmin' ? { 'x-access': 'super admin only' } : {}),
      ...(endpoint.access === 'signed' ? { 'x-access': 'signed request: the handler checks its signature' } : {}),
    };
    const parameters = parametersOf(endpoint);
    if (parameters.length) operation.parameters = parameters;
    const requestBody = requestBodyOf(endpoint);
    if (requestBody) operation.requestBody = requestBody;
    operation.responses = responsesOf(endpoint);
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  const errorResponses = Object.fromEntries(
    [...usedErrors]
      .sort((a, b) => a - b)
      .map((status) => [
        `Error${status}`,
        {
          description: ERROR_DESCRIPTIONS[status] ?? 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'CourtReplay API',
      version: info.version,
      description:
        'The calls between the CourtReplay kiosk, back-office and sync server, and the payment provider\'s notification. Generated from shared/src/contract; every error answers `{ "message": "..." }`.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(Object.values(endpoints).map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        admin: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/admin/login' },
        recorder: { type: 'http', scheme: 'bearer', description: "A venue recorder's token, shown once by POST /api/admin/recorders" },
        kiosk: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Device-Id',
          description: "The kiosk's own device id, registered and authorised by an admin",
        },
      },
      schemas: { Error: schemaOf(errorBody, 'output') },
      responses: errorResponses,
    },
  };
}
