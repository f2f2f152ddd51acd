// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers' import direction is held by the lint configuration; this proves it is.
// ESLint's first run loads its configuration and parsers: seconds on a busy machine (a loaded run
// took 5.1 s, past vitest's 5 s default), so these tests get more time than a pure one needs.
const LINT_TIMEOUT_MS = 60_000;

// One ESLint for every case: each new one loads the configuration and its plugins again.
const eslint = new ESLint();
const lint = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports')).length;
};

describe('imports go app → components → conversation → agent-server', () => {
  it(
    'refuses an import from a layer above',
    async () => {
      expect(
        await lint(
          'src/agent-server/x.ts',
          "export { ConversationEventLog } from '../conversation/eventLog';\n",
        ),
      ).toBe(1);
      expect(
        await lint('src/conversation/x.ts', "export { LiveFooter } from '../components/LiveFooter';\n"),
      ).toBe(1);
      expect(await lint('src/conversation/resources/x.ts', "export { App } from '../../app/App';\n")).toBe(1);
      expect(await lint('src/components/x.ts', "export { App } from '../app/App';\n")).toBe(1);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'allows imports downwards',
    async () => {
      expect(await lint('src/app/x.ts', "export { LiveFooter } from '../components/LiveFooter';\n")).toBe(0);
      expect(
        await lint(
          'src/components/x.ts',
          "export { ConversationEventLog } from '../conversation/eventLog';\n",
        ),
      ).toBe(0);
      expect(
        await lint('src/conversation/x.ts', "export { isRecord } from '../agent-server/protocol';\n"),
      ).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );
});

describe('feature folders and the mock', () => {
  it(
    'keep each feature to the shared parts: only the Servers dialog holds the others',
    async () => {
      expect(
        await lint('src/components/mcp/x.tsx', "export { default } from '../skills/SkillsDialog';\n"),
      ).toBe(1);
      expect(
        await lint(
          'src/components/skills/x.tsx',
          "export { ServersPanel } from '../servers/ServersPanel';\n",
        ),
      ).toBe(1);
      expect(await lint('src/components/secrets/x.tsx', "export { App } from '../../app/App';\n")).toBe(1);
      expect(
        await lint(
          'src/components/secrets/x.tsx',
          "export { ServerSettingsDialog } from '../settingsDialog/ServerSettingsDialog';\n",
        ),
      ).toBe(0);
      expect(
        await lint('src/components/servers/x.tsx', "export { default } from '../mcp/McpDialog';\n"),
      ).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'keep the mock apart: it plays the server, and only main.tsx starts it',
    async () => {
      expect(await lint('mocks/x.ts', "export { App } from '../src/app/App';\n")).toBe(1);
      expect(await lint('mocks/x.ts', "export { isRecord } from '../src/agent-server/protocol';\n")).toBe(0);
      expect(await lint('src/conversation/x.ts', "export { SEEDED } from '../../mocks/fixtures';\n")).toBe(1);
      // And the layers' rule still holds where the mock's zone applies too.
      expect(await lint('src/conversation/x.ts', "export { App } from '../app/App';\n")).toBe(1);
      expect(
        await lint('src/conversation/x.test.ts', "export { SEEDED } from '../../mocks/fixtures';\n"),
      ).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );
});

describe('words in every language', () => {
  it(
    'are refused as literals on every screen',
    async () => {
      const rule = async (code: string) => {
        const [result] = await new ESLint().lintText(code, {
          filePath: 'src/components/anywhere/Screen.tsx',
        });
        return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
      };
      expect(await rule('export const A = () => <p>Hello</p>;\n')).toBe(1);
      expect(await rule('export const A = () => <button aria-label="Close" />;\n')).toBe(1);
      expect(await rule("export const A = ({ on }: { on: boolean }) => <p>{on ? 'On' : 'Off'}</p>;\n")).toBe(
        2,
      );
      expect(await rule('export const A = ({ n }: { n: number }) => <p title={`${n} files`} />;\n')).toBe(1);
      expect(
        await rule(
          "export const A = ({ t }: { t: (id: string) => string }) => <p title={t('x')}>{t('y')} ·</p>;\n",
        ),
      ).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'come from a layer that imports none of the others',
    async () => {
      expect(await lint('src/i18n/x.ts', "export { App } from '../app/App';\n")).toBe(1);
      expect(await lint('src/conversation/x.ts', "export { t } from '../i18n/i18n';\n")).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );
});
