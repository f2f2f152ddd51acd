import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI-compatible chat-completions server on loopback that a test scripts turn by turn.
// Each request to /v1/chat/completions takes the next turn of the script: text (optionally
// with reasoning), tool calls (one or several in parallel), an HTTP error, or a stream that
// never ends. Streams go out as SSE `chat.completion.chunk`s at a chosen pace. Every response
// and tool call gets a unique id, and every request is logged for the test to inspect.

/**
 * `cost`: what the answer says it cost, in dollars, as a LiteLLM proxy says it (the response header
 * `x-litellm-response-cost`, which the server's telemetry takes before its own price table).
 */
export type Turn =
  /** `heldUntil`: the answer is sent only once it settles (the request stays open meanwhile). */
  | { text: string; reasoning?: string; tokenMs?: number; heldUntil?: Promise<void>; cost?: number }
  | {
      toolCalls: { name: string; arguments: Record<string, unknown> }[];
      text?: string;
      reasoning?: string;
      tokenMs?: number;
      cost?: number;
    }
  | { error: 401 | 429 | 500; message?: string }
  | { hang: true; text?: string; tokenMs?: number };

export interface LoggedRequest {
  /** When it arrived (ms since the epoch), to read beside the server's log after a failure. */
  at: number;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export class ScriptedLlm {
  readonly requests: LoggedRequest[] = [];
  private script: Turn[] = [];
  private ids = 0;
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();
  private titlesHeld: { until: Promise<void>; release: () => void } | undefined;

  /** Replaces what the next requests get; once it runs out, the model answers "OK.". */
  setScript(turns: Turn[]): void {
    this.script = [...turns];
  }

  /**
   * Holds the server's title requests until the returned function is called, so that a test can
   * have the title saved after the run has settled (the server names the conversation in the
   * background and announces it nowhere).
   */
  holdTitles(): () => void {
    let resolve!: () => void;
    const until = new Promise<void>((done) => (resolve = done));
    const held = {
      until,
      release: () => {
        if (this.titlesHeld === held) this.titlesHeld = undefined;
        resolve();
      },
    };
    this.titlesHeld = held;
    return held.release;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('The scripted LLM is not listening.');
    return `http://127.0.0.1:${address.port}/v1`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.titlesHeld?.release();
    for (const response of this.open) response.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** How many answers are still streaming (a hanging turn stays open until cut or stopped). */
  get openStreams(): number {
    return this.open.size;
  }

  /** Ends every stream still open (a hanging turn): the server sees its LLM call fail. */
  cutStreams(): void {
    for (const response of this.open) response.destroy();
    this.open.clear();
  }

  private nextId(prefix: string): string {
    this.ids += 1;
    return `${prefix}_${Date.now().toString(36)}_${this.ids}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    const path = (request.url ?? '').split('?')[0]!;
    this.requests.push({ at: Date.now(), path, body, authorization: request.headers.authorization });
    if (!path.endsWith('/chat/completions')) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    // Calls without tools are the server's own side requests (the conversation title): they get
    // a short answer and leave the script alone.
    const sideRequest = !Array.isArray(body.tools) || body.tools.length === 0;
    if (sideRequest && this.titlesHeld) await this.titlesHeld.until;
    const turn: Turn = sideRequest ? { text: 'Scripted title' } : (this.script.shift() ?? { text: 'OK.' });
    if ('heldUntil' in turn && turn.heldUntil) await turn.heldUntil;
    if ('error' in turn) {
      const type =
        turn.error === 401 ? 'invalid_api_key' : turn.error === 429 ? 'rate_limit_exceeded' : 'server_error';
      response
        .writeHead(turn.error, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error: { message: turn.message ?? `Scripted ${turn.error}`, type, code: type } }),
        );
      return;
    }
    const model = typeof body.model === 'string' ? body.model : 'scripted';
    const id = this.nextId('chatcmpl');
    const created = Math.floor(Date.now() / 1000);
    const toolCalls =
      'toolCalls' in turn
        ? turn.toolCalls.map((call) => ({
            id: this.nextId('call'),
            type: 'function' as const,
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : [];
    const text = 'text' in turn ? (turn.text ?? '') : '';
    const reasoning = 'reasoning' in turn ? (turn.reasoning ?? '') : '';
    const costHeader: Record<string, string> =
      'cost' in turn && turn.cost !== undefined ? { 'x-litellm-response-cost': String(turn.cost) } : {};

    if (body.stream !== true) {
      const message: Record<string, unknown> = { role: 'assistant', content: text || null };
      if (reasoning) message.reasoning_content = reasoning;
      if (toolCalls.length) message.tool_calls = toolCalls;
      response.writeHead(200, { 'content-type': 'application/json', ...costHeader }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
      return;
    }

    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...costHeader,
    });
    this.open.add(response);
    response.on('close', () => this.open.delete(response));
    const tokenMs = 'tokenMs' in turn && turn.tokenMs !== undefined ? turn.tokenMs : 10;
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    const pause = () => new Promise((resolve) => setTimeout(resolve, tokenMs));
    const words = (s: string) => s.match(/\S+\s*/g) ?? [];

    send({ role: 'assistant' });
    for (const word of words(reasoning)) {
      if (response.destroyed) return;
      await pause();
      send({ reasoning_content: word });
    }
    for (const word of words(text)) {
      if (response.destroyed) return;
      await pause();
      send({ content: word });
    }
    if ('hang' in turn) {
      // Keeps the stream open without an end: a stop must cut it.
      const keepAlive = setInterval(
        () => (response.destroyed ? clearInterval(keepAlive) : response.write(': still thinking\n\n')),
        1000,
      );
      return;
    }
    toolCalls.forEach((call, index) =>
      send({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments },
          },
        ],
      }),
    );
    send({}, toolCalls.length ? 'tool_calls' : 'stop');
    response.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
    this.open.delete(response);
  }
}
