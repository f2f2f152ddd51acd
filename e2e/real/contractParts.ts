import Ajv2020 from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { MOCK_SERVER_URL } from '../../src/agent-server/servers';
import { MockAgentServer } from '../../mocks/handlers';
import { MockStore } from '../../mocks/store';
import type { AgentServer } from './agentServer';
import { SESSION_KEY } from './fixtures';

// What the contract tests share: the real server's schema as validators, the same request to
// both servers, and a fresh mock answering beside the real one.

type Schema = Record<string, unknown>;

export async function realSchema(serverUrl: string) {
  const document = (await (await fetch(`${serverUrl}/openapi.json`)).json()) as {
    components: { schemas: Record<string, Schema> };
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: 'openapi' } as Schema);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const validate = (component: string, value: unknown): string[] => {
    let validator = validators.get(component);
    if (!validator) {
      validator = ajv.compile({ $ref: `openapi#/components/schemas/${component}` });
      validators.set(component, validator);
    }
    return validator(value)
      ? []
      : (validator.errors ?? []).map(
          (e) => `${component}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
        );
  };
  return { validate, has: (component: string) => component in document.components.schemas };
}

/** The same request to the real server and to the mock (in this process), with their answers. */
export function askBoth(server: AgentServer) {
  const ask = async (base: string, path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        ...(init?.body ? { 'Content-Type': 'application/json' } : {}),
        'X-Session-API-Key': base === server.url ? SESSION_KEY : '',
      },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a file's bytes
    }
    return { status: response.status, body };
  };
  const both = async (real: string, mock: string, init?: () => RequestInit) => ({
    real: await ask(server.url, real, init?.()),
    mock: await ask(MOCK_SERVER_URL, mock, init?.()),
  });
  return { ask, both };
}

/** A fresh unseeded mock agent-server answering beside the real one; close its `msw` at the end. */
export function listeningMock() {
  const store = new MockStore(() => new Date(Date.UTC(2026, 10, 21)));
  const msw = setupServer(...new MockAgentServer(store).handlers());
  msw.listen({ onUnhandledRequest: 'bypass' });
  return { store, msw };
}
