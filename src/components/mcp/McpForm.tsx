import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError, httpStatus } from '../../agent-server/client';
import {
  MCP_NAME,
  mcpSettingsClient,
  type McpEntry,
  type McpSpec,
  type McpTestResult,
} from '../../agent-server/mcp';
import { readMcpFields, type McpFields } from '../../agent-server/mcpFields';
import type { AgentServer } from '../../agent-server/servers';
import { addMcpServer, updateMcpServer } from '../../conversation/resources/mcp';
import { FormEnd, leaveOnEscape, NameField } from '../servers/SettingsParts';

// Adding or editing one MCP server: how it runs, Test before anything is kept, and Save.

/** What a test found: the tools, or why it could not connect. */
export function TestOutcome({
  pending,
  result,
  error,
}: {
  pending: boolean;
  result: McpTestResult | undefined;
  error: Error | null;
}) {
  if (pending)
    return (
      <p className="loading" role="status">
        Connecting…
      </p>
    );
  if (error)
    return (
      <p className="banner error" role="alert">
        {describeError(error)}
      </p>
    );
  if (!result) return null;
  if (!result.ok)
    return (
      <p className="banner error" role="alert">
        Could not connect: {result.error}
      </p>
    );
  return (
    <div role="status">
      <p>
        Connected.{' '}
        {result.tools.length === 0 ? 'It offers no tools.' : `It offers ${toolCount(result.tools.length)}:`}
      </p>
      {result.tools.length > 0 && (
        <ul className="mcp-tools" aria-label="Tools it offers">
          {result.tools.map((tool) => (
            <li key={tool}>
              <code>{tool}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const toolCount = (count: number) => (count === 1 ? '1 tool' : `${count} tools`);

const NAME_RULE = 'Letters, digits, _, . or - (up to 64).';

export function McpForm({
  server,
  previous,
  taken,
  onDone,
}: {
  server: AgentServer;
  /** The entry being edited; none when adding. */
  previous?: McpEntry;
  taken?: (name: string) => boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [kind, setKind] = useState<'stdio' | 'http'>(previous?.kind ?? 'stdio');
  const keeps = previous !== undefined && previous.secretNames.length > 0;
  const save = useMutation({
    mutationFn: ({ name, spec, typed }: { name: string; spec: McpSpec; typed: boolean }) =>
      previous
        ? updateMcpServer(queryClient, server, previous, spec, !typed)
        : addMcpServer(queryClient, server, name, spec),
    onSuccess: onDone,
  });
  const test = useMutation({
    mutationFn: ({ name, spec, typed }: { name: string; spec: McpSpec; typed: boolean }) =>
      mcpSettingsClient(server).test(name, spec, previous && !typed ? previous.name : undefined),
  });

  /** The form's fields, checked; a field that is wrong says so and nothing is sent. */
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (key: string) => String(data.get(key) ?? '');
    const name = previous?.name ?? text('name').trim();
    const nameField = form.elements.namedItem('name') as HTMLInputElement | null;
    for (const key of ['name', 'command', 'env', 'url', 'headers'])
      (form.elements.namedItem(key) as HTMLInputElement | null)?.setCustomValidity('');
    if (nameField) {
      nameField.setCustomValidity(
        !MCP_NAME.test(name)
          ? NAME_RULE
          : taken?.(name)
            ? `${name} is stored already: use its Edit button.`
            : '',
      );
      if (!nameField.reportValidity()) return undefined;
    }
    const fields: McpFields = {
      kind,
      command: text('command'),
      args: text('args'),
      env: text('env'),
      url: text('url'),
      headers: text('headers'),
    };
    const outcome = readMcpFields(fields);
    if (!outcome.ok) {
      const field = form.elements.namedItem(outcome.field) as HTMLInputElement | null;
      field?.setCustomValidity(outcome.message);
      field?.reportValidity();
      return undefined;
    }
    return { name, spec: outcome.spec, typed: outcome.secretsTyped };
  };

  const secretsHint = keeps
    ? `Leave empty to keep the stored ${previous.kind === 'stdio' ? 'variables' : 'headers'} (${previous.secretNames.join(', ')}); anything typed replaces them all.`
    : undefined;

  return (
    <form
      className="settings-form"
      aria-labelledby={titleId}
      onKeyDown={leaveOnEscape(onDone)}
      onSubmit={(event) => {
        event.preventDefault();
        const values = read(event.currentTarget);
        if (values && !save.isPending) save.mutate(values);
      }}
    >
      <h4 id={titleId}>{previous ? `Edit ${previous.name}` : 'Add an MCP server'}</h4>
      {!previous && <NameField rule={NAME_RULE} placeholder="fetch" ruleId={`${titleId}-rule`} />}
      <fieldset>
        <legend className="visually-hidden">How it runs</legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'stdio'} onChange={() => setKind('stdio')} />A
          command (stdio)
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'http'} onChange={() => setKind('http')} />
          An address (HTTP)
        </label>
      </fieldset>
      {kind === 'stdio' ? (
        <>
          <label>
            Command
            <input
              name="command"
              autoComplete="off"
              spellCheck={false}
              placeholder="uvx"
              defaultValue={previous?.command ?? ''}
            />
          </label>
          <label>
            Arguments, one per line
            <textarea
              name="args"
              rows={2}
              spellCheck={false}
              defaultValue={previous?.args.join('\n') ?? ''}
            />
          </label>
          <label>
            Environment variables, NAME=value per line
            <textarea name="env" rows={2} spellCheck={false} aria-describedby={`${titleId}-kept`} />
          </label>
        </>
      ) : (
        <>
          <label>
            Address
            <input
              name="url"
              type="url"
              autoComplete="off"
              placeholder="https://mcp.example.com/mcp"
              defaultValue={previous?.url ?? ''}
            />
          </label>
          <label>
            Headers, Name: value per line
            <textarea name="headers" rows={2} spellCheck={false} aria-describedby={`${titleId}-kept`} />
          </label>
        </>
      )}
      {secretsHint && (
        <p id={`${titleId}-kept`} className="hint">
          {secretsHint}
        </p>
      )}
      <TestOutcome pending={test.isPending} result={test.data} error={test.error} />
      <FormEnd
        failure={
          !save.isError
            ? undefined
            : httpStatus(save.error) === 409
              ? 'A server of that name is stored already.'
              : describeError(save.error)
        }
        pending={save.isPending}
        submit="Save MCP server"
        busy="Saving…"
        onCancel={onDone}
      >
        <button
          type="button"
          aria-disabled={test.isPending}
          onClick={(event) => {
            const values = read(event.currentTarget.form!);
            if (values && !test.isPending) test.mutate(values);
          }}
        >
          Test
        </button>
      </FormEnd>
    </form>
  );
}
