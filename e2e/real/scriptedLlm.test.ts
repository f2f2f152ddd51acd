// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedLlm } from './scriptedLlm';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = new ScriptedLlm();
  await llm.start();
});
afterEach(() => llm.stop());

const tools = [{ type: 'function', function: { name: 'terminal', parameters: {} } }];

async function complete(body: object) {
  return fetch(`${llm.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'openai/scripted', tools, ...body }),
  });
}

function chunks(sse: string): Record<string, unknown>[] {
  return sse
    .split('\n\n')
    .filter((block) => block.startsWith('data: ') && block !== 'data: [DONE]')
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

describe('ScriptedLlm', () => {
  it('streams reasoning, text and parallel tool calls as chat.completion.chunk SSE ending in [DONE]', async () => {
    llm.setScript([
      {
        reasoning: 'think first',
        text: 'Hello there',
        tokenMs: 1,
        toolCalls: [
          { name: 'terminal', arguments: { command: 'ls' } },
          { name: 'terminal', arguments: { command: 'pwd' } },
        ],
      },
    ]);
    const response = await complete({ stream: true, messages: [] });
    const text = await response.text();
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const parsed = chunks(text);
    const deltas = parsed.flatMap((c) =>
      (c.choices as { delta: Record<string, unknown> }[]).map((ch) => ch.delta),
    );
    expect(deltas.map((d) => d.reasoning_content ?? '').join('')).toBe('think first');
    expect(deltas.map((d) => d.content ?? '').join('')).toBe('Hello there');
    const calls = deltas.flatMap(
      (d) => (d.tool_calls as { id: string; function: { arguments: string } }[]) ?? [],
    );
    expect(calls.map((c) => JSON.parse(c.function.arguments))).toEqual([
      { command: 'ls' },
      { command: 'pwd' },
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    expect(parsed.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(llm.requests[0]).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-test' });
  });

  it('answers errors, non-streamed turns, and side requests without tools apart from the script', async () => {
    llm.setScript([{ error: 429 }, { text: 'plain' }]);
    const title = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(
      ((await title.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
    ).toBe('Scripted title');
    expect((await complete({ messages: [] })).status).toBe(429);
    const plain = (await (await complete({ messages: [] })).json()) as {
      id: string;
      choices: { message: { content: string } }[];
    };
    expect(plain.choices[0]!.message.content).toBe('plain');
    const next = (await (await complete({ messages: [] })).json()) as { id: string };
    expect(next.id).not.toBe(plain.id);
  });

  it('keeps a hanging stream open until it is cut', async () => {
    llm.setScript([{ hang: true, text: 'never ends', tokenMs: 1 }]);
    const response = await complete({ stream: true, messages: [] });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('ends')) received += new TextDecoder().decode((await reader.read()).value);
    llm.cutStreams();
    await expect(
      (async () => {
        for (;;) {
          const { done } = await reader.read();
          if (done) return 'closed';
        }
      })(),
    ).rejects.toThrow();
    expect(received).not.toContain('[DONE]');
  });
});
