import { openAddServer } from './serversDialog';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/servers';

/** An address naming a server this browser does not know: say so, and offer to add it. */
export default function UnknownServer({ serverId }: { serverId?: string }) {
  const t = useT();
  return (
    <section className="unknown-server" aria-labelledby="unknown-server-title">
      <h1 id="unknown-server-title">{t('servers.unknownTitle')}</h1>
      <p>{serverId ? t('servers.unknownExplain', { serverId }) : t('servers.noneYet')}</p>
      <button type="button" onClick={() => openAddServer()}>
        {t('servers.addAServer')}
      </button>
    </section>
  );
}
