import { ServersPanel } from '../components/servers/ServersPanel';
import { NotifyToggle } from '../components/follow/NotifyToggle';
import { HeaderSettings } from './HeaderSettings';

/** The header's own buttons: the servers and their health, notifications, theme and language. */
export function HeaderTools() {
  return (
    <>
      <ServersPanel />
      <NotifyToggle />
      <HeaderSettings />
    </>
  );
}
