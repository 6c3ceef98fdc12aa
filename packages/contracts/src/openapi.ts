import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { answerSchemaOf } from './answers';
import { CSRF_HEADER, SESSION_COOKIE } from './auth';
import { STREAMED_ANSWERS } from './export';
import { errorAnswer, errorKeyAnswer, ERROR_KEY_ROUTES } from './failures';
import { requestOf } from './route-requests';
import { API_ROUTES, type ApiRoute } from './routes';

/**
 * The OpenAPI 3.1 document of the route table: every call with the schemas the services
 * validate and answer with (ROUTE_REQUESTS, ROUTE_ANSWERS). Built at build time into the shell's
 * output (`/openapi.json`, rendered at `/api/docs`): docs/api.md.
 */

/** Calls anyone may make: signing up or in, and asking who is signed in (a 401 says "nobody"). */
const OPEN_CALLS = new Set(['POST /auth/sign_up', 'POST /auth/sign_in', 'GET /auth/session']);
/** Calls that answer a page refusal the kit gives to anyone: these need no CSRF token. */
const CSRF_FREE = new Set(['POST /auth/sign_up', 'POST /auth/sign_in']);

const SOURCE_NOTE: Record<ApiRoute['sources'][number], string> = {
  'dashboard-planning-journal': 'documented with the dashboard, planning and journal',
  'coaching-people-aboutme': 'documented with coaching, people and About me',
  design: 'fixed by the architecture',
  issue: 'added for a later feature',
};

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape | undefined => (schema instanceof z.ZodObject ? (schema.shape as Shape) : undefined);
const isFailure = (schema: z.ZodType): boolean => {
  const success = shapeOf(schema)?.success;
  return success instanceof z.ZodLiteral && success.value === false;
};

/**
 * A call's answer schema split into its success answer and its documented failures: a union
 * member with `success: false` and `current` is a stale save's 409, any other a model's 502.
 */
function splitAnswer(answer: z.ZodType | undefined): { success?: z.ZodType; failures: Record<string, z.ZodType> } {
  if (!answer) return { failures: {} };
  const members = answer instanceof z.ZodUnion ? (answer.options as z.ZodType[]) : [answer];
  const success = members.filter((m) => !isFailure(m));
  const failures: Record<string, z.ZodType> = {};
  for (const member of members.filter(isFailure)) failures[shapeOf(member)?.current ? '409' : '502'] = member;
  return { success: success.length === 1 ? success[0] : z.union(success as [z.ZodType, z.ZodType]), failures };
}

/** The one failure shape, once in `components` (and its variant for the calls that document `error`). */
const FAILURE = errorAnswer.meta({ id: 'Failure' });
const FAILURE_WITH_ERROR = errorKeyAnswer.meta({ id: 'FailureWithError' });

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

function responsesOf(route: ApiRoute, key: string): ZodOpenApiResponsesObject {
  const { success, failures } = splitAnswer(answerSchemaOf(route.method, route.path));
  const failure = ERROR_KEY_ROUTES.has(key) ? FAILURE_WITH_ERROR : FAILURE;
  const streamed = STREAMED_ANSWERS[key];
  const responses: ZodOpenApiResponsesObject = {
    '2XX': streamed
      ? { description: streamed.description, content: { [streamed.mediaType]: { schema: z.string().meta({ format: 'binary' }) } } }
      : success
        ? json(success, 'The call succeeded.')
        : { description: 'The call succeeded.' },
    '422': json(failure, 'The request does not pass validation: `errors` says why, in words a person can read.'),
    '500': json(failure, 'Something went wrong on our side; nothing half-written is kept.'),
  };
  if (!OPEN_CALLS.has(key)) responses['401'] = json(failure, 'Nobody is signed in, or the session ended.');
  if (route.method !== 'GET' || !OPEN_CALLS.has(key))
    responses['403'] = json(failure, 'The CSRF token is missing or wrong, or the call is for administrators.');
  if (route.path.includes('{')) responses['404'] = json(failure, 'No such object of this user (another user\u2019s id answers the same).');
  if (failures['409']) responses['409'] = json(failures['409'], 'A stale save: `current` holds what the record holds now.');
  if (requestOf(route.method, route.path)?.model) {
    responses['502'] = json(failures['502'] ?? failure, 'The AI model failed or did not answer in time.');
    responses['429'] = json(failure, 'Too many AI requests this minute: wait for Retry-After.');
  }
  return responses;
}

function operationOf(route: ApiRoute): ZodOpenApiOperationObject {
  const key = `${route.method} ${route.path}`;
  const request = requestOf(route.method, route.path) ?? {};
  const security = OPEN_CALLS.has(key)
    ? [{}]
    : route.method === 'GET' || CSRF_FREE.has(key)
      ? [{ session: [] }]
      : [{ session: [], csrf: [] }];
  const operation: ZodOpenApiOperationObject = {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, ''),
    description: `Served by svc-${route.owner}; ${route.sources.map((s) => SOURCE_NOTE[s]).join(', ')}.`,
    tags: [route.owner],
    security,
    responses: responsesOf(route, key),
  };
  if (request.params || request.query) {
    operation.requestParams = {
      ...(request.params ? { path: request.params as z.ZodObject } : {}),
      ...(request.query ? { query: request.query as z.ZodObject } : {}),
    };
  }
  if (request.body) operation.requestBody = { required: true, content: { 'application/json': { schema: request.body } } };
  if (request.upload) {
    const form = z.object({
      [request.upload.field]: z.string().meta({ format: 'binary', description: `A ${request.upload.extensions.join(' or ')} file.` }),
    });
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  return operation;
}

export function buildOpenApiDocument(version = '0.1.0'): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of API_ROUTES) {
    const item = (paths[route.path] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[route.method.toLowerCase()] = operationOf(route);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Career workspace API',
        version,
        description:
          'Every call of the route table, as the services validate and answer it. Failures answer `{success:false, errors:[...]}`; ' +
          'writes need the session cookie and the X-CSRF-Token header from GET /auth/session.',
      },
      tags: [
        { name: 'identity', description: 'Accounts, sessions, CSRF' },
        { name: 'files', description: 'Folders, files, suggestions, drafts, summaries, journal' },
        { name: 'coaching', description: 'Planning (todos, milestones, action plans) and coaching' },
        { name: 'people', description: 'People, research, meetings, About me' },
        { name: 'chat', description: 'Every chat of the product' },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by sign-up or sign-in.' },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description: 'The `csrf_token` of the session answer; every write sends it.',
          },
        },
      },
      paths,
    },
    { unrepresentable: 'any' } as Parameters<typeof createDocument>[1],
  );
}
