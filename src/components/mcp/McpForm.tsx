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
import { readMcpFields, type McpFieldsRead, type McpFields } from '../../agent-server/mcpFields';
import type { AgentServer } from '../../agent-server/servers';
import { addMcpServer, updateMcpServer } from '../../conversation/resources/mcp';
import { FormEnd, leaveOnEscape, NameField } from '../settingsDialog/SettingsParts';
import { useT, type MessageId } from '../../i18n/i18n';
import { formatList } from '../../i18n/format';
import { useFormProblem, useReportingMutation } from '../problems/commandProblems';
import { problemWords } from '../problems/ProblemAlert';
import 'virtual:tether-english/mcp';

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
  const t = useT();
  if (pending)
    return (
      <p className="loading" role="status">
        {t('mcp.connecting')}
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
        {result.error ? t('mcp.couldNotConnect', { problem: result.error }) : t('mcp.testFailed')}
      </p>
    );
  return (
    <div role="status">
      <p>{t('mcp.connectedTools', { count: result.tools.length })}</p>
      {result.tools.length > 0 && (
        <ul className="mcp-tools" aria-label={t('mcp.toolsItOffers')}>
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

/** Examples, the same in every language. */
const NAME_EXAMPLE = 'fetch';
const COMMAND_EXAMPLE = 'uvx';
const URL_EXAMPLE = 'https://mcp.example.com/mcp';

/** Why a field is refused, in words. */
const FIELD_PROBLEMS: Record<Extract<McpFieldsRead, { ok: false }>['field'], MessageId> = {
  command: 'mcp.problem.command',
  env: 'mcp.problem.env',
  url: 'mcp.problem.url',
  headers: 'mcp.problem.headers',
};

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
  const t = useT();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [kind, setKind] = useState<'stdio' | 'http'>(previous?.kind ?? 'stdio');
  const keeps = previous !== undefined && previous.secretNames.length > 0;
  const place = `save mcp ${server.serverUrl} ${previous?.name ?? ''}`;
  const save = useReportingMutation(
    place,
    ({ name }: { name: string }) => ({ action: 'save', subject: name }),
    {
      mutationFn: ({ name, spec, typed }: { name: string; spec: McpSpec; typed: boolean }) =>
        previous
          ? updateMcpServer(queryClient, server, previous, spec, !typed)
          : addMcpServer(queryClient, server, name, spec),
      onSuccess: onDone,
    },
  );
  const problem = useFormProblem(place);
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
        !MCP_NAME.test(name) ? t('mcp.nameRule') : taken?.(name) ? t('mcp.taken', { name }) : '',
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
      field?.setCustomValidity(t(FIELD_PROBLEMS[outcome.field], { line: outcome.line }));
      field?.reportValidity();
      return undefined;
    }
    return { name, spec: outcome.spec, typed: outcome.secretsTyped };
  };

  const secretsHint = keeps
    ? t(previous.kind === 'stdio' ? 'mcp.keepVariables' : 'mcp.keepHeaders', {
        names: formatList(previous.secretNames),
      })
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
      <h4 id={titleId}>{previous ? t('mcp.editNamed', { name: previous.name }) : t('mcp.addTitle')}</h4>
      {!previous && (
        <NameField rule={t('mcp.nameRule')} placeholder={NAME_EXAMPLE} ruleId={`${titleId}-rule`} />
      )}
      <fieldset>
        <legend className="visually-hidden">{t('mcp.howItRuns')}</legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'stdio'} onChange={() => setKind('stdio')} />
          {t('mcp.kindStdio')}
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'http'} onChange={() => setKind('http')} />
          {t('mcp.kindHttpLong')}
        </label>
      </fieldset>
      {kind === 'stdio' ? (
        <>
          <label>
            {t('mcp.command')}
            <input
              name="command"
              autoComplete="off"
              spellCheck={false}
              placeholder={COMMAND_EXAMPLE}
              defaultValue={previous?.command ?? ''}
            />
          </label>
          <label>
            {t('mcp.arguments')}
            <textarea
              name="args"
              rows={2}
              spellCheck={false}
              defaultValue={previous?.args.join('\n') ?? ''}
            />
          </label>
          <label>
            {t('mcp.variables')}
            <textarea name="env" rows={2} spellCheck={false} aria-describedby={`${titleId}-kept`} />
          </label>
        </>
      ) : (
        <>
          <label>
            {t('mcp.address')}
            <input
              name="url"
              type="url"
              autoComplete="off"
              placeholder={URL_EXAMPLE}
              defaultValue={previous?.url ?? ''}
            />
          </label>
          <label>
            {t('mcp.headers')}
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
          problem &&
          problemWords(problem, (error: unknown) =>
            httpStatus(error) === 409 ? t('mcp.nameStored') : describeError(error),
          )
        }
        pending={save.isPending}
        submit={t('mcp.save')}
        busy={t('mcp.saving')}
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
          {t('mcp.test')}
        </button>
      </FormEnd>
    </form>
  );
}
