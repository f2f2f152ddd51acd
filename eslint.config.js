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

const TRANSLATED_SCREENS = [
  'src/app/App.tsx',
  'src/app/LanguageSwitch.tsx',
  'src/app/HeaderSettings.tsx',
  'src/components/follow/NotifyToggle.tsx',
  'src/components/conversation/ConversationHeader.tsx',
  'src/components/Composer.tsx',
  'src/components/ConnectionStatus.tsx',
  'src/components/ConversationList.tsx',
  'src/components/NewConversation.tsx',
  'src/components/LlmFields.tsx',
  'src/components/ApprovalSelect.tsx',
  'src/components/stretches/StretchLine.tsx',
  'src/components/ChatRow.tsx',
  'src/components/live/LiveItems.tsx',
  'src/components/ToolCallCard.tsx',
  'src/components/ChatHistory.tsx',
  'src/components/ConversationView.tsx',
  'src/components/ConfirmationBar.tsx',
  'src/components/transcript/HistoryEdge.tsx',
  'src/components/boundaries/RowBoundary.tsx',
  'src/components/boundaries/lazyPart.tsx',
  'src/components/branches/MessageActions.tsx',
  'src/components/branches/MessageEditor.tsx',
  'src/components/list/ItemActions.tsx',
  'src/components/attachments/AttachmentTray.tsx',
  'src/components/attachments/ImageGallery.tsx',
  'src/components/children/ParentLink.tsx',
  'src/components/children/ChildConversation.tsx',
  'src/components/browser/BrowserView.tsx',
  'src/components/servers/ServersPanel.tsx',
  'src/components/servers/UnknownServer.tsx',
  'src/components/servers/ServerSettingsDialog.tsx',
  'src/components/servers/SettingsParts.tsx',
  'src/components/servers/ServerForm.tsx',
  'src/components/servers/ServersDialog.tsx',
  'src/components/servers/HealthLines.tsx',
  'src/components/secrets/SecretsDialog.tsx',
  'src/components/mcp/McpDialog.tsx',
  'src/components/mcp/McpForm.tsx',
  'src/components/skills/SkillsDialog.tsx',
  'src/components/skills/InstallSkillForm.tsx',
  'src/components/usage/UsageDialog.tsx',
  'src/components/model/ModelDialog.tsx',
  'src/components/export/ExportDialog.tsx',
  'src/components/conversation/tools/ToolsMenu.tsx',
  'src/components/conversation/tools/ToolsPanel.tsx',
  'src/components/commands/CommandPalette.tsx',
  'src/components/shortcuts/ShortcutsSheet.tsx',
  'src/components/find/FindBar.tsx',
  'src/components/workspace/WorkspacePanel.tsx',
  'src/components/workspace/ChangesView.tsx',
  'src/components/workspace/changedFiles.tsx',
  'src/components/workspace/VsCodeLink.tsx',
  'src/components/workspace/ResizeHandle.tsx',
  'src/components/workspace/CommitsView.tsx',
  'src/components/workspace/FileViewer.tsx',
  'src/components/diff/DiffView.tsx',
  'src/components/terminal/PersonShell.tsx',
  'src/components/terminal/TerminalView.tsx',
  'src/components/tasks/TasksView.tsx',
];

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
  {
    // What a person reads or hears goes through t() (src/i18n), or it stays English in every
    // language. Screens join this list as their words move into the catalogues (issue 21).
    files: TRANSLATED_SCREENS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]/]',
          message: 'Say it through t() (src/i18n): a literal here stays English in every language.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt)$/] > Literal',
          message: 'Say it through t() (src/i18n): a literal here stays English in every language.',
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use` and take `{}`: neither is React.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
