import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { AgentServer } from '../../agent-server/servers';
import type { InstalledSkill, MarketplaceSkill } from '../../agent-server/skills';
import {
  installSkill,
  installedSkillsQuery,
  setSkillEnabled,
  skillCatalogQuery,
  skillMarketplaceQuery,
  uninstallSkill,
  updateSkill,
} from '../../conversation/resources/skills';
import { ServerSettingsDialog } from '../servers/ServerSettingsDialog';
import { ConfirmRemoval, StoredList } from '../servers/SettingsParts';
import { InstallSkillForm } from './InstallSkillForm';

// A server's skills: the installed ones (turned on or off, updated from where they came from,
// removed), a new one installed from a source, what new conversations load, and the public
// marketplace. Skills are the server's: every conversation started there from now on has them.

export default function SkillsDialog({
  serverId,
  onClose,
}: {
  serverId: string | undefined;
  onClose: () => void;
}) {
  return (
    <ServerSettingsDialog title="Skills" className="skills-dialog" serverId={serverId} onClose={onClose}>
      {(server) => <ServerSkills server={server} />}
    </ServerSettingsDialog>
  );
}

function ServerSkills({ server }: { server: AgentServer }) {
  const installed = useQuery(installedSkillsQuery(server));
  const catalog = useQuery(skillCatalogQuery(server));
  const marketplace = useQuery(skillMarketplaceQuery(server));
  const [installedId, catalogId, marketplaceId] = [useId(), useId(), useId()];
  const [installing, setInstalling] = useState(false);
  return (
    <>
      <p className="hint">
        Skills are instructions the agent reads when a task calls for them. Conversations started on{' '}
        {server.name} from now on load the ones turned on here, and the workspace&apos;s own (
        <code>AGENTS.md</code>, <code>.openhands/skills</code>). A change here does not reach conversations
        already started.
      </p>
      <h3 id={installedId}>Installed on {server.name}</h3>
      <StoredList
        query={installed}
        labelledBy={installedId}
        loading="Loading skills…"
        empty="No skills installed yet."
        keyOf={(skill) => skill.name}
      >
        {(skill) => <InstalledEntry server={server} skill={skill} />}
      </StoredList>
      {installing ? (
        <InstallSkillForm server={server} onDone={() => setInstalling(false)} />
      ) : (
        <button type="button" onClick={() => setInstalling(true)}>
          Install a skill
        </button>
      )}
      <h3 id={catalogId}>What new conversations load</h3>
      <StoredList
        query={catalog}
        labelledBy={catalogId}
        loading="Loading…"
        empty="No skills: install one, or turn one on."
        keyOf={(skill) => skill.name}
      >
        {(skill) => (
          <div className="settings-heading">
            <code className="settings-name">{skill.name}</code>
            <span className="settings-detail">
              {skill.origin === 'public' ? 'Public' : "The server's"} · {skill.description}
            </span>
          </div>
        )}
      </StoredList>
      <h3 id={marketplaceId}>Marketplace</h3>
      <StoredList
        query={marketplace}
        labelledBy={marketplaceId}
        loading="Asking the server for the marketplace…"
        empty={`${server.name} lists none. It reads the marketplace from the OpenHands extensions repository on GitHub, which it may not reach.`}
        keyOf={(skill) => skill.name}
      >
        {(skill) => <MarketplaceEntry server={server} skill={skill} />}
      </StoredList>
    </>
  );
}

function InstalledEntry({ server, skill }: { server: AgentServer; skill: InstalledSkill }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setSkillEnabled(queryClient, server, skill.name, enabled),
  });
  // The switch shows the choice at once; the list read after the change (or a failure) has the
  // last word.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const update = useMutation({ mutationFn: () => updateSkill(queryClient, server, skill.name) });
  const remove = useMutation({ mutationFn: () => uninstallSkill(queryClient, server, skill.name) });
  const failed = [toggle, update, remove].find((mutation) => mutation.isError);
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <code className="settings-name">{skill.name}</code>
        {skill.version && <span className="settings-detail">{skill.version}</span>}
      </div>
      {skill.description && <p className="skill-description">{skill.description}</p>}
      <p className="settings-detail">
        From <code>{skill.source}</code>
      </p>
      <label className="skill-switch">
        <input
          type="checkbox"
          role="switch"
          checked={chosen ?? skill.enabled}
          disabled={chosen !== undefined}
          onChange={(event) => {
            setChosen(event.target.checked);
            toggle.mutate(event.target.checked, { onSettled: () => setChosen(undefined) });
          }}
        />
        Used by new conversations
      </label>
      {removing ? (
        <ConfirmRemoval
          name={skill.name}
          verb="remove"
          consequence="Conversations started from now on will not have it."
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setRemoving(false)}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={`Update ${skill.name} from its source`}
            aria-disabled={update.isPending}
            onClick={() => {
              if (!update.isPending) update.mutate();
            }}
          >
            {update.isPending ? 'Updating…' : 'Update'}
          </button>
          <button type="button" aria-label={`Remove ${skill.name}`} onClick={() => setRemoving(true)}>
            Remove
          </button>
        </div>
      )}
      {update.isSuccess && !update.isPending && (
        <p className="settings-detail" role="status">
          Updated from its source.
        </p>
      )}
      {failed && (
        <p className="banner error" role="alert">
          {describeError(failed.error)}
        </p>
      )}
    </div>
  );
}

function MarketplaceEntry({ server, skill }: { server: AgentServer; skill: MarketplaceSkill }) {
  const queryClient = useQueryClient();
  const install = useMutation({
    mutationFn: () => installSkill(queryClient, server, { source: skill.source }),
  });
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <code className="settings-name">{skill.name}</code>
        {skill.description && <span className="settings-detail">{skill.description}</span>}
      </div>
      {skill.installed ? (
        <p className="settings-detail">Installed</p>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={`Install ${skill.name}`}
            aria-disabled={install.isPending}
            onClick={() => {
              if (!install.isPending) install.mutate();
            }}
          >
            {install.isPending ? 'Installing…' : 'Install'}
          </button>
        </div>
      )}
      {install.isError && (
        <p className="banner error" role="alert">
          {describeError(install.error)}
        </p>
      )}
    </div>
  );
}
