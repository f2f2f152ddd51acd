import { http, HttpResponse } from 'msw';
import { MOCK_SECRET_NAME, type MockSecrets } from './secrets';
import { unauthorised } from './routeKit';

// The secrets routes of the mock agent-server, as settings_router.py answers them (1.57.0 and
// 1.58.2 alike): a bad name is a 422 with one sentence, an unknown one "Secret not found", a
// value read back is plain text, and an empty or redacted value is refused.

const BAD_NAME =
  'Invalid secret name format. Must start with a letter, contain only letters, numbers, and underscores, and be 1-64 characters long.';
/** REDACTED_SECRET_VALUE of the SDK: what a secret looks like once redacted. */
const REDACTED = '**********';

const badName = () => HttpResponse.json({ detail: BAD_NAME }, { status: 422 });
const notFound = () => HttpResponse.json({ detail: 'Secret not found' }, { status: 404 });
const missing = (field: string, input: unknown) =>
  HttpResponse.json(
    { detail: [{ type: 'missing', loc: ['body', field], msg: 'Field required', input }] },
    { status: 422 },
  );

export function secretsHandlers(
  api: (path: string) => string,
  secrets: MockSecrets,
  authorised: (request: Request) => boolean,
) {
  const named =
    (resolve: (name: string) => Response) =>
    ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      if (!authorised(request)) return unauthorised();
      const name = String(params.name);
      return MOCK_SECRET_NAME.test(name) ? resolve(name) : badName();
    };

  return [
    http.get(api('/api/settings/secrets'), ({ request }) =>
      authorised(request) ? HttpResponse.json({ secrets: secrets.list() }) : unauthorised(),
    ),
    http.put(api('/api/settings/secrets'), async ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body.name !== 'string') return missing('name', body);
      if (typeof body.value !== 'string') return missing('value', body);
      if (!MOCK_SECRET_NAME.test(body.name)) return badName();
      if (!body.value.trim() || body.value === REDACTED)
        return HttpResponse.json({ detail: 'Secret value must not be empty or redacted' }, { status: 422 });
      const description = typeof body.description === 'string' ? body.description : null;
      secrets.set(body.name, body.value, description);
      return HttpResponse.json({ name: body.name, description });
    }),
    http.get(
      api('/api/settings/secrets/:name'),
      named((name) => {
        const value = secrets.get(name);
        return value === undefined ? notFound() : HttpResponse.text(value);
      }),
    ),
    http.delete(
      api('/api/settings/secrets/:name'),
      named((name) => (secrets.delete(name) ? HttpResponse.json({ deleted: true }) : notFound())),
    ),
  ];
}
