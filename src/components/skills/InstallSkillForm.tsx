import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentServer } from '../../agent-server/servers';
import { installSkill } from '../../conversation/resources/skills';
import { FormEnd, leaveOnEscape } from '../settingsDialog/SettingsParts';
import { useT } from '../../i18n/i18n';
import { useFormProblem, useReportingMutation } from '../problems/commandProblems';
import { problemWords } from '../problems/ProblemAlert';
import { Words } from '../../i18n/Words';
import 'virtual:tether-english/skills';

/** Forms and names, the same in every language. */
const SOURCE_EXAMPLE = 'github:owner/repo/skills/name';
const GITHUB_FORM = 'github:owner/repo';
const SKILL_FILE = 'SKILL.md';

/** Installs a skill from where the server can get it: a git repository, or a folder of its own. */
export function InstallSkillForm({ server, onDone }: { server: AgentServer; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const titleId = useId();
  const place = `install skill ${server.serverUrl}`;
  const install = useReportingMutation(
    place,
    (source: { source: string; ref?: string; repoPath?: string }) => ({
      action: 'install',
      subject: source.source,
    }),
    {
      mutationFn: (source: { source: string; ref?: string; repoPath?: string }) =>
        installSkill(queryClient, server, source),
      onSuccess: onDone,
    },
  );
  const problem = useFormProblem(place);
  return (
    <form
      className="settings-form"
      aria-labelledby={titleId}
      onKeyDown={leaveOnEscape(onDone)}
      onSubmit={(event) => {
        event.preventDefault();
        if (install.isPending) return;
        const data = new FormData(event.currentTarget);
        const field = (name: string) => String(data.get(name) ?? '').trim() || undefined;
        install.mutate({ source: field('source') ?? '', ref: field('ref'), repoPath: field('repoPath') });
      }}
    >
      <h4 id={titleId}>{t('skills.installOne')}</h4>
      <label>
        {t('skills.source')}
        <input
          name="source"
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder={SOURCE_EXAMPLE}
          aria-describedby={`${titleId}-source`}
        />
      </label>
      <p className="hint" id={`${titleId}-source`}>
        <Words
          id="skills.sourceHint"
          values={{
            server: server.name,
            github: <code>{GITHUB_FORM}</code>,
            file: <code>{SKILL_FILE}</code>,
          }}
        />
      </p>
      <label>
        {t('skills.ref')}
        <input name="ref" autoComplete="off" spellCheck={false} />
      </label>
      <label>
        {t('skills.repoPath')}
        <input name="repoPath" autoComplete="off" spellCheck={false} />
      </label>
      <FormEnd
        failure={problem && problemWords(problem)}
        pending={install.isPending}
        submit={t('skills.install')}
        busy={t('skills.installing')}
        onCancel={onDone}
      />
    </form>
  );
}
