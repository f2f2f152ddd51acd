import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { ServerSettingsDialog } from '../settingsDialog/ServerSettingsDialog';
import { ConfirmRemoval, StoredList } from '../settingsDialog/SettingsParts';
import { InstallSkillForm } from './InstallSkillForm';
import { useT } from '../../i18n/i18n';
import { Words } from '../../i18n/Words';
import { useReportingMutation } from '../problems/commandProblems';
import { ProblemAlert } from '../problems/ProblemAlert';
import 'virtual:tether-english/skills';

// A server's skills: the installed ones (turned on or off, updated from where they came from,
// removed), a new one installed from a source, what new conversations load, and the public
// marketplace. Skills are the server's: every conversation started there from now on has them.

/** Where the workspace keeps its own skills: names, the same in every language. */
const AGENTS_FILE = 'AGENTS.md';
const SKILLS_FOLDER = '.openhands/skills';

export default function SkillsDialog({
  serverId,
  onClose,
}: {
  serverId: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ServerSettingsDialog
      title={t('skills.title')}
      className="skills-dialog"
      serverId={serverId}
      onClose={onClose}
    >
      {(server) => <ServerSkills server={server} />}
    </ServerSettingsDialog>
  );
}

function ServerSkills({ server }: { server: AgentServer }) {
  const t = useT();
  const installed = useQuery(installedSkillsQuery(server));
  const catalog = useQuery(skillCatalogQuery(server));
  const marketplace = useQuery(skillMarketplaceQuery(server));
  const [installedId, catalogId, marketplaceId] = [useId(), useId(), useId()];
  const [installing, setInstalling] = useState(false);
  return (
    <>
      <p className="hint">
        <Words
          id="skills.explain"
          values={{
            server: server.name,
            agents: <code>{AGENTS_FILE}</code>,
            folder: <code>{SKILLS_FOLDER}</code>,
          }}
        />
      </p>
      <h3 id={installedId}>{t('skills.installedOn', { server: server.name })}</h3>
      <StoredList
        query={installed}
        labelledBy={installedId}
        loading={t('skills.loading')}
        empty={t('skills.noneInstalled')}
        keyOf={(skill) => skill.name}
      >
        {(skill) => <InstalledEntry server={server} skill={skill} />}
      </StoredList>
      {installing ? (
        <InstallSkillForm server={server} onDone={() => setInstalling(false)} />
      ) : (
        <button type="button" onClick={() => setInstalling(true)}>
          {t('skills.installOne')}
        </button>
      )}
      <h3 id={catalogId}>{t('skills.catalog')}</h3>
      <StoredList
        query={catalog}
        labelledBy={catalogId}
        loading={t('skills.loadingShort')}
        empty={t('skills.catalogEmpty')}
        keyOf={(skill) => skill.name}
      >
        {(skill) => (
          <div className="settings-heading">
            <code className="settings-name">{skill.name}</code>
            <span className="settings-detail">
              {skill.origin === 'public' ? t('skills.public') : t('skills.servers')} · {skill.description}
            </span>
          </div>
        )}
      </StoredList>
      <h3 id={marketplaceId}>{t('skills.marketplace')}</h3>
      <StoredList
        query={marketplace}
        labelledBy={marketplaceId}
        loading={t('skills.marketplaceLoading')}
        empty={t('skills.marketplaceEmpty', { server: server.name })}
        keyOf={(skill) => skill.name}
      >
        {(skill) => <MarketplaceEntry server={server} skill={skill} />}
      </StoredList>
    </>
  );
}

function InstalledEntry({ server, skill }: { server: AgentServer; skill: InstalledSkill }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const place = `skill ${server.serverUrl} ${skill.name}`;
  const toggle = useReportingMutation(
    place,
    (enabled: boolean) => ({ action: enabled ? 'turn on' : 'turn off', subject: skill.name }),
    { mutationFn: (enabled: boolean) => setSkillEnabled(queryClient, server, skill.name, enabled) },
  );
  // The switch shows the choice at once; the list read after the change (or a failure) has the
  // last word.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const update = useReportingMutation(place, () => ({ action: 'update', subject: skill.name }), {
    mutationFn: () => updateSkill(queryClient, server, skill.name),
  });
  const remove = useReportingMutation(place, () => ({ action: 'remove', subject: skill.name }), {
    mutationFn: () => uninstallSkill(queryClient, server, skill.name),
  });
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <code className="settings-name">{skill.name}</code>
        {skill.version && <span className="settings-detail">{skill.version}</span>}
      </div>
      {skill.description && <p className="skill-description">{skill.description}</p>}
      <p className="settings-detail">
        <Words id="skills.from" values={{ source: <code>{skill.source}</code> }} />
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
        {t('skills.used')}
      </label>
      {removing ? (
        <ConfirmRemoval
          name={skill.name}
          verb="remove"
          consequence={t('skills.removeConsequence')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setRemoving(false)}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={t('skills.updateNamed', { name: skill.name })}
            aria-disabled={update.isPending}
            onClick={() => {
              if (!update.isPending) update.mutate();
            }}
          >
            {update.isPending ? t('skills.updating') : t('skills.update')}
          </button>
          <button
            type="button"
            aria-label={t('skills.removeNamed', { name: skill.name })}
            onClick={() => setRemoving(true)}
          >
            {t('skills.remove')}
          </button>
        </div>
      )}
      {update.isSuccess && !update.isPending && (
        <p className="settings-detail" role="status">
          {t('skills.updated')}
        </p>
      )}
      <ProblemAlert place={place} />
    </div>
  );
}

function MarketplaceEntry({ server, skill }: { server: AgentServer; skill: MarketplaceSkill }) {
  const t = useT();
  const queryClient = useQueryClient();
  const place = `marketplace skill ${server.serverUrl} ${skill.name}`;
  const install = useReportingMutation(place, () => ({ action: 'install', subject: skill.name }), {
    mutationFn: () => installSkill(queryClient, server, { source: skill.source }),
  });
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <code className="settings-name">{skill.name}</code>
        {skill.description && <span className="settings-detail server-words">{skill.description}</span>}
      </div>
      {skill.installed ? (
        <p className="settings-detail">{t('skills.installed')}</p>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={t('skills.installNamed', { name: skill.name })}
            aria-disabled={install.isPending}
            onClick={() => {
              if (!install.isPending) install.mutate();
            }}
          >
            {install.isPending ? t('skills.installing') : t('skills.install')}
          </button>
        </div>
      )}
      <ProblemAlert place={place} />
    </div>
  );
}
