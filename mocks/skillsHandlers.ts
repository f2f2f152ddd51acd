import { http, HttpResponse } from 'msw';
import { MOCK_SKILL_NAME, type MockSkills } from './skills';
import { unauthorised } from './routeKit';

// The skills routes of the mock agent-server, as skills_router.py answers them (1.57.0 and
// 1.58.2 alike): a name outside the pattern is FastAPI's 422 before anything else, a skill not
// installed a 404 that names it, and an install says 409, 400 or 422 in one sentence.

const notInstalled = (name: string) =>
  HttpResponse.json({ detail: `Skill '${name}' is not installed` }, { status: 404 });

const badName = (name: string) =>
  HttpResponse.json(
    {
      detail: [
        {
          type: 'string_pattern_mismatch',
          loc: ['path', 'skill_name'],
          msg: `String should match pattern '${MOCK_SKILL_NAME.source}'`,
          input: name,
          ctx: { pattern: MOCK_SKILL_NAME.source },
        },
      ],
    },
    { status: 422 },
  );

const invalidBody = (field: string, type: string, msg: string, input: unknown) =>
  HttpResponse.json({ detail: [{ type, loc: ['body', field], msg, input }] }, { status: 422 });

export function skillsHandlers(
  api: (path: string) => string,
  skills: MockSkills,
  authorised: (request: Request) => boolean,
) {
  const named =
    (resolve: (name: string, request: Request) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      if (!authorised(request)) return unauthorised();
      const name = String(params.name);
      return MOCK_SKILL_NAME.test(name) ? resolve(name, request) : badName(name);
    };

  return [
    http.get(api('/api/skills/installed'), ({ request }) =>
      authorised(request) ? HttpResponse.json({ skills: skills.installed() }) : unauthorised(),
    ),
    http.get(api('/api/skills/catalog'), ({ request }) =>
      authorised(request) ? HttpResponse.json({ skills: skills.catalog() }) : unauthorised(),
    ),
    http.get(api('/api/skills/marketplace'), ({ request }) =>
      authorised(request) ? HttpResponse.json({ skills: skills.marketplace() }) : unauthorised(),
    ),
    http.post(api('/api/skills/install'), async ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body.source !== 'string')
        return invalidBody('source', 'missing', 'Field required', body);
      if (!body.source)
        return HttpResponse.json(
          {
            detail: [
              {
                type: 'string_too_short',
                loc: ['body', 'source'],
                msg: 'String should have at least 1 character',
                input: '',
                ctx: { min_length: 1 },
              },
            ],
          },
          { status: 422 },
        );
      const result = skills.install(body.source, body.force === true);
      if (result === 'exists')
        return HttpResponse.json(
          { detail: 'Skill already installed. Use force=true to overwrite.' },
          { status: 409 },
        );
      if (result === 'unreachable')
        return HttpResponse.json(
          { detail: 'Failed to fetch skill source. Check that the source is valid.' },
          { status: 400 },
        );
      if (result === 'invalid')
        return HttpResponse.json(
          { detail: 'Invalid skill. Ensure the source contains a valid SKILL.md.' },
          { status: 422 },
        );
      return HttpResponse.json(result.installed);
    }),
    http.get(
      api('/api/skills/installed/:name'),
      named((name) => {
        const skill = skills.get(name);
        return skill ? HttpResponse.json(skill) : notInstalled(name);
      }),
    ),
    http.patch(
      api('/api/skills/installed/:name'),
      named(async (name, request) => {
        const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
        if (!body || typeof body.enabled !== 'boolean')
          return invalidBody('enabled', 'missing', 'Field required', body);
        return skills.setEnabled(name, body.enabled)
          ? HttpResponse.json({ name, enabled: body.enabled })
          : notInstalled(name);
      }),
    ),
    http.delete(
      api('/api/skills/installed/:name'),
      named((name) =>
        skills.uninstall(name)
          ? HttpResponse.json({ message: `Skill '${name}' uninstalled` })
          : notInstalled(name),
      ),
    ),
    http.post(
      api('/api/skills/installed/:name/refresh'),
      named((name) => {
        const result = skills.refresh(name);
        if (result === 'missing') return notInstalled(name);
        if (result === 'unreachable')
          return HttpResponse.json(
            { detail: `Failed to fetch the source of skill '${name}'. The installed copy was kept.` },
            { status: 400 },
          );
        if (result === 'invalid')
          return HttpResponse.json(
            {
              detail: `The source of skill '${name}' no longer holds a valid skill. The installed copy was kept.`,
            },
            { status: 422 },
          );
        return HttpResponse.json({ message: `Skill '${name}' updated`, skill: result });
      }),
    ),
  ];
}
