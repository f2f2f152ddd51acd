import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { AgentServer } from '../../agent-server/servers';
import { installSkill } from '../../conversation/resources/skills';
import { FormEnd, leaveOnEscape } from '../servers/SettingsParts';

/** Installs a skill from where the server can get it: a git repository, or a folder of its own. */
export function InstallSkillForm({ server, onDone }: { server: AgentServer; onDone: () => void }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const install = useMutation({
    mutationFn: (source: { source: string; ref?: string; repoPath?: string }) =>
      installSkill(queryClient, server, source),
    onSuccess: onDone,
  });
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
      <h4 id={titleId}>Install a skill</h4>
      <label>
        Source
        <input
          name="source"
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="github:owner/repo/skills/name"
          aria-describedby={`${titleId}-source`}
        />
      </label>
      <p className="hint" id={`${titleId}-source`}>
        A git URL, <code>github:owner/repo</code> followed by the skill&apos;s folder, or a folder on{' '}
        {server.name}&apos;s machine. It must hold a <code>SKILL.md</code>.
      </p>
      <label>
        Branch, tag or commit (optional)
        <input name="ref" autoComplete="off" spellCheck={false} />
      </label>
      <label>
        Folder in the repository (optional)
        <input name="repoPath" autoComplete="off" spellCheck={false} />
      </label>
      <FormEnd
        failure={install.isError ? describeError(install.error) : undefined}
        pending={install.isPending}
        submit="Install"
        busy="Installing…"
        onCancel={onDone}
      />
    </form>
  );
}
