import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

function layerRules(layers) {
  return layers.map(([files, above]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: above.map((layer) => ({
            group: [`**/${layer}`, `**/${layer}/**`],
            message: `Imports go app → components → conversation → agent-server; this file may not import from ${layer}/.`,
          })),
        },
      ],
    },
  }));
}

/**
 * The feature folders of components/ and what each may use of the others: none, apart from the
 * Servers dialog, which holds the pages of the three a server keeps. What they share (the
 * settings dialog's frame and parts) lives in a folder of its own, so no two of them import each
 * other. Each zone repeats the layer rule of components/: a later rule replaces an earlier one.
 */
const FEATURES = {
  mcp: [],
  skills: [],
  secrets: [],
  servers: ['mcp', 'skills', 'secrets'],
  workspace: [],
};

function featureRules() {
  const names = Object.keys(FEATURES);
  return names.map((feature) => ({
    files: [`src/components/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/**'],
              message:
                'Imports go app → components → conversation → agent-server; this file may not import from app/.',
            },
            ...names
              .filter((other) => other !== feature && !FEATURES[feature].includes(other))
              .map((other) => ({
                group: [`../${other}`, `../${other}/**`, `**/components/${other}/**`],
                message: `A feature folder uses the shared parts, never another feature: ${feature}/ may not import from ${other}/.`,
              })),
          ],
        },
      ],
    },
  }));
}

/** Attributes a person reads or hears (`label` is the components' own name for their accessible name). */
const NAMED =
  'JSXAttribute[name.name=/^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label)$/]';

export default tseslint.config(
  { ignores: ['dist', 'public/mockServiceWorker.js', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    // Every REST call to the agent-server goes through ConversationClient; bare fetch is only
    // allowed in the mocks and test tooling.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the agent-server through ConversationClient.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use ConversationClient.' },
      ],
    },
  },
  // Imports go one way: app → components → conversation → agent-server. A layer never imports
  // one above it (tests included: they test a layer, not the layers on top of it).
  ...layerRules([
    // Words in every language: usable from every layer, using none.
    ['src/i18n/**', ['agent-server', 'conversation', 'components', 'app']],
    ['src/agent-server/**', ['conversation', 'components', 'app']],
    ['src/conversation/**', ['components', 'app']],
    ['src/components/**', ['app']],
  ]),
  ...featureRules(),
  {
    // The mock plays the agent-server: it knows the protocol (agent-server/) and the rules it shares
    // with the app (conversation/), never how the app draws or starts. The app reaches it only
    // through main.tsx's lazy start.
    files: ['mocks/**'],
    ignores: ['mocks/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/components/**', '**/src/app/**', '**/src/main', '**/src/main.tsx'],
              message:
                'The mock plays the agent-server: it may use src/agent-server and src/conversation only.',
            },
          ],
        },
      ],
    },
  },
  {
    // typescript-eslint's copy of the rule, so that this zone adds to the layers' rule above
    // rather than replacing it. Tests may build their events with the mock's helpers.
    files: ['src/**'],
    ignores: ['src/main.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mocks/**'],
              message: 'Only main.tsx starts the mock (lazily): the app never depends on it.',
            },
          ],
        },
      ],
    },
  },
  {
    // What a person reads or hears goes through t() (src/i18n), or it stays English in every
    // language. Names that are the same everywhere (a file, a command) are constants.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]/]',
          message: 'Say it through t() (src/i18n): a literal here stays English in every language.',
        },
        {
          selector: `${NAMED} > Literal`,
          message: 'Say it through t() (src/i18n): a literal here stays English in every language.',
        },
        // Words picked by a condition, or built in a template, are words too.
        ...[
          'JSXElement > JSXExpressionContainer',
          'JSXFragment > JSXExpressionContainer',
          `${NAMED} > JSXExpressionContainer`,
        ].flatMap((holder) =>
          [
            '> Literal[value=/[A-Za-z]/]',
            '> ConditionalExpression > Literal[value=/[A-Za-z]/]',
            '> LogicalExpression > Literal[value=/[A-Za-z]/]',
            '> TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
            '> ConditionalExpression > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
          ].map((words) => ({
            selector: `${holder} ${words}`,
            message: 'Say it through t() (src/i18n): a literal here stays English in every language.',
          })),
        ),
      ],
    },
  },
  {
    // Playwright fixtures call `use` and take `{}`: neither is React.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // A journey's `test` is e2e/test.ts's: the browser it gives asks about notifications as a
    // person's does. Playwright's own would show the headless shell's "blocked".
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Import test from e2e/test.ts (or e2e/real/fixtures.ts).',
            },
          ],
        },
      ],
    },
  },
);
