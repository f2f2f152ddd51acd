import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentServer } from '../e2e/real/agentServer';

// The real OpenHands agent-server for the figures measured over a network: the project's pinned
// version, from the venv the project's script makes (idempotent, cached outside the clone), with
// conversations of 1,000 and 10,000 events written into its folder before it starts, as the
// server itself writes them (one JSON file per event, named by its index and id).

export const BENCH_SERVER_VERSION = '1.58.2';

/** The venv's python, made by the project's script if it is not there yet. */
export function benchServerPython(): string {
  const fromEnv = process.env[`TETHER_AGENT_SERVER_PYTHON_${BENCH_SERVER_VERSION.replace(/\./g, '_')}`];
  if (fromEnv) return fromEnv;
  const out = execFileSync('bash', ['scripts/agent-server-venv.sh', BENCH_SERVER_VERSION], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').at(-1)!;
}

// Messages only (the server's own MessageEvent model writes them), each a few hundred characters,
// alternating the person and the agent, chained by parent_id as the server chains what it appends.
const SEED_EVENTS = `
import json, sys, pathlib
from datetime import datetime, timedelta
from openhands.sdk.event import MessageEvent
from openhands.sdk.llm import Message, TextContent

folder, count = pathlib.Path(sys.argv[1]), int(sys.argv[2])
events = folder / "events"
events.mkdir(exist_ok=True)
start = len(list(events.glob("event-*.json")))
names = sorted(events.glob("event-*.json"))
parent = json.loads(names[-1].read_text())["id"] if names else None
at = datetime(2026, 11, 1, 9, 0, 0)
for i in range(count):
    who = "user" if i % 2 == 0 else "agent"
    words = " ".join(f"word{(i * 7 + j) % 97}" for j in range(60))
    event = MessageEvent(
        source=who,
        llm_message=Message(role="user" if who == "user" else "assistant", content=[TextContent(text=f"Message {i}: {words}")]),
        timestamp=(at + timedelta(seconds=i)).isoformat(),
        parent_id=parent,
    )
    idx = start + i
    (events / f"event-{idx:05d}-{event.id}.json").write_text(event.model_dump_json())
    parent = event.id
state = folder / "base_state.json"
base = json.loads(state.read_text())
if "leaf_event_id" in base:
    base["leaf_event_id"] = parent
    state.write_text(json.dumps(base))
print(parent)
`;

export interface SeededServer {
  server: AgentServer;
  conversations: { events1k: string; events10k: string };
}

/** A real server holding a 1,000-event and a 10,000-event conversation, started. */
export async function seededRealServer(): Promise<SeededServer> {
  const python = benchServerPython();
  const server = new AgentServer(python, BENCH_SERVER_VERSION);
  await server.start();
  const create = async () =>
    (
      await server.api<{ id: string }>('/api/conversations', {
        method: 'POST',
        body: JSON.stringify({
          agent: { kind: 'Agent', llm: { model: 'openai/bench', usage_id: 'agent' } },
          workspace: { working_dir: server.workspace },
        }),
      })
    ).id;
  const events1k = await create();
  const events10k = await create();
  await server.stop();
  for (const [id, count] of [
    [events1k, 1_000],
    [events10k, 10_000],
  ] as const) {
    const folder = join(server.root, 'conversations', id.replace(/-/g, ''));
    // The server reads base_state.json on start; a missing one would say the seed went wrong.
    readFileSync(join(folder, 'base_state.json'));
    execFileSync(python, ['-c', SEED_EVENTS, folder, String(count)], {
      stdio: ['ignore', 'ignore', 'inherit'],
      // Its imports reach litellm, which otherwise asks the network for its price map (three
      // tries, about ten seconds, each seed) and warns on the way.
      env: { ...process.env, LITELLM_LOCAL_MODEL_COST_MAP: 'true' },
    });
  }
  await server.start();
  return { server, conversations: { events1k, events10k } };
}
