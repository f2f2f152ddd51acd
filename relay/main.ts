import { homedir } from 'node:os';
import { join } from 'node:path';
import { createRelay, SECRET_HEADER } from './relay.ts';

// `npm run relay`: the notification relay on this machine. Settings by environment:
//   TETHER_RELAY_PORT     (8787)
//   TETHER_RELAY_HOST     (127.0.0.1; 0.0.0.0 to take webhooks from other machines)
//   TETHER_RELAY_DATA     (~/.local/share/tether-relay: its keys and subscriptions)
//   TETHER_RELAY_ORIGINS  (comma-separated origins of Tether pages not on loopback)
//   TETHER_RELAY_SUBJECT  (mailto: or https: address a push service can reach you at)

const port = Number(process.env.TETHER_RELAY_PORT ?? 8787);
const host = process.env.TETHER_RELAY_HOST ?? '127.0.0.1';
const folder = process.env.TETHER_RELAY_DATA ?? join(homedir(), '.local', 'share', 'tether-relay');
const origins = (process.env.TETHER_RELAY_ORIGINS ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean);

const { server, store } = createRelay({
  folder,
  origins,
  ...(process.env.TETHER_RELAY_SUBJECT ? { subject: process.env.TETHER_RELAY_SUBJECT } : {}),
  log: (line) => console.log(`[relay] ${line}`),
});

server.listen(port, host, () => {
  const address = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  console.log(`Tether's notification relay listens on ${address} (keys in ${folder}).`);
  console.log('Point each agent-server at it with a webhook (the server id is the one Tether shows in');
  console.log('Settings → Alerts for that server), for instance in the environment of the agent-server:');
  console.log(`  OH_WEBHOOKS='[{"base_url": "${address}/hooks/<server id>", "flush_delay": 1,`);
  console.log(`    "headers": {"${SECRET_HEADER}": "${store.keys.secret}"}}]'`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
