import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { askBoth, listeningMock, realSchema } from './contractParts';
import { expect, test } from './fixtures';

// Holds the mock's skills routes to the real server's: the same folder installed on both (the
// real server copies it; the mock is told what it holds), then turned off and on, updated,
// removed, and every refusal on the way.

const NAME = 'tether-contract';
const DESCRIPTION = 'Answers in the contract test’s words. Use when asked for them.';

test('the mock’s skills routes answer as the real server’s do: install, turn off, update, remove, refusals @smoke', async ({
  server,
}) => {
  const { validate, has } = await realSchema(server.url);
  const { store, msw } = listeningMock();
  const { both } = askBoth(server);
  const same = (path: string, init?: () => RequestInit) => both(path, path, init);
  const send = (method: string, body?: unknown) => () => ({
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const sources = join(server.root, 'skill-sources');
  const folder = join(sources, NAME);
  const notASkill = join(sources, 'not-a-skill');
  mkdirSync(folder, { recursive: true });
  mkdirSync(notASkill, { recursive: true });
  writeFileSync(
    join(folder, 'SKILL.md'),
    `---\nname: ${NAME}\ndescription: ${DESCRIPTION}\n---\n\nSay "contract kept".\n`,
  );
  writeFileSync(join(notASkill, 'README.md'), 'No SKILL.md here.\n');
  store.skills.sources.set(folder, { name: NAME, description: DESCRIPTION, content: 'Say "contract kept".' });
  store.skills.sources.set(notASkill, 'invalid');
  const problems: string[] = [];
  const fields = (body: unknown) => {
    const { name, version, description, enabled, source, resolved_ref, repo_path } = body as Record<
      string,
      unknown
    >;
    return { name, version, description, enabled, source, resolved_ref, repo_path };
  };
  const listed = (body: unknown) =>
    (body as { skills: { name: string }[] }).skills.filter((skill) => skill.name === NAME);
  try {
    // A journey before this one (a retry) may have left it installed on the worker's server.
    await same(`/api/skills/installed/${NAME}`, send('DELETE'));

    const installed = await same('/api/skills/install', send('POST', { source: folder }));
    for (const side of [installed.real, installed.mock]) {
      expect(side.status, JSON.stringify(side.body)).toBe(200);
      problems.push(...validate('InstalledSkillResponse', side.body));
      expect((side.body as { install_path: string }).install_path).toMatch(
        new RegExp(`/\\.openhands/skills/installed/${NAME}$`),
      );
    }
    expect(fields(installed.mock.body)).toEqual(fields(installed.real.body));
    expect(fields(installed.real.body)).toMatchObject({
      name: NAME,
      description: DESCRIPTION,
      enabled: true,
    });

    const list = await same('/api/skills/installed');
    for (const side of [list.real, list.mock])
      problems.push(...validate('InstalledSkillsListResponse', side.body));
    expect(listed(list.mock.body).map(fields)).toEqual(listed(list.real.body).map(fields));

    // What a new conversation loads: the enabled installed skill, as a user skill.
    const catalog = await same('/api/skills/catalog');
    for (const side of [catalog.real, catalog.mock]) {
      problems.push(...validate('SkillCatalogResponse', side.body));
      expect(listed(side.body)).toEqual([
        expect.objectContaining({
          name: NAME,
          description: DESCRIPTION,
          origin: 'user',
          type: 'agentskills',
        }),
      ]);
    }

    const twice = await same('/api/skills/install', send('POST', { source: folder }));
    expect([twice.real, twice.mock]).toEqual([
      { status: 409, body: { detail: 'Skill already installed. Use force=true to overwrite.' } },
      { status: 409, body: { detail: 'Skill already installed. Use force=true to overwrite.' } },
    ]);

    // Turned off: still installed, no longer loaded; an update keeps it off.
    const off = await same(`/api/skills/installed/${NAME}`, send('PATCH', { enabled: false }));
    expect([off.real, off.mock]).toEqual([
      { status: 200, body: { name: NAME, enabled: false } },
      { status: 200, body: { name: NAME, enabled: false } },
    ]);
    const offCatalog = await same('/api/skills/catalog');
    for (const side of [offCatalog.real, offCatalog.mock]) expect(listed(side.body)).toEqual([]);
    const updated = await same(`/api/skills/installed/${NAME}/refresh`, send('POST'));
    for (const side of [updated.real, updated.mock]) {
      expect(side.status).toBe(200);
      problems.push(...validate('UpdateSkillResponse', side.body));
      expect((side.body as { message: string }).message).toBe(`Skill '${NAME}' updated`);
      expect((side.body as { skill: { enabled: boolean } }).skill.enabled).toBe(false);
    }
    const on = await same(`/api/skills/installed/${NAME}`, send('PATCH', { enabled: true }));
    expect(on.mock).toEqual(on.real);

    // Refusals: a folder without SKILL.md, a source that cannot be fetched, an empty one, a bad
    // name, a change without its field.
    const invalid = await same('/api/skills/install', send('POST', { source: notASkill }));
    const unreachable = await same('/api/skills/install', send('POST', { source: join(sources, 'nowhere') }));
    const empty = await same('/api/skills/install', send('POST', { source: '' }));
    const badName = await same('/api/skills/installed/Not_A_Name', send('PATCH', { enabled: false }));
    const noField = await same(`/api/skills/installed/${NAME}`, send('PATCH', {}));
    for (const pair of [invalid, unreachable, empty, badName]) expect(pair.mock).toEqual(pair.real);
    expect([invalid.real.status, unreachable.real.status, empty.real.status, badName.real.status]).toEqual([
      422, 400, 422, 422,
    ]);
    for (const side of [noField.real, noField.mock]) {
      expect(side.status).toBe(422);
      expect((side.body as { detail: { loc: string[] }[] }).detail.map((d) => d.loc)).toEqual([
        ['body', 'enabled'],
      ]);
    }

    // Removed once; after that every route says it is not installed.
    const removed = await same(`/api/skills/installed/${NAME}`, send('DELETE'));
    expect([removed.real, removed.mock]).toEqual([
      { status: 200, body: { message: `Skill '${NAME}' uninstalled` } },
      { status: 200, body: { message: `Skill '${NAME}' uninstalled` } },
    ]);
    const gone = { status: 404, body: { detail: `Skill '${NAME}' is not installed` } };
    for (const [path, init] of [
      [`/api/skills/installed/${NAME}`, send('DELETE')],
      [`/api/skills/installed/${NAME}`, undefined],
      [`/api/skills/installed/${NAME}`, send('PATCH', { enabled: true })],
      [`/api/skills/installed/${NAME}/refresh`, send('POST')],
    ] as const) {
      const answer = await same(path, init);
      expect([answer.real, answer.mock]).toEqual([gone, gone]);
    }

    // The marketplace: the real server offline lists none; its shape is the same either way.
    const marketplace = await same('/api/skills/marketplace');
    // Named by its module where a plugins router has one of the same name (1.58.2).
    const qualified = 'openhands__agent_server__skills_router__MarketplaceCatalogResponse';
    const schema = has(qualified) ? qualified : 'MarketplaceCatalogResponse';
    for (const side of [marketplace.real, marketplace.mock]) problems.push(...validate(schema, side.body));
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});
