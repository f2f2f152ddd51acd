import { useState } from 'react';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { compactConversation, NO_CONDENSER_WORDS } from '../../conversation/resources/conversations';
import {
  contextShare,
  dollars,
  exactTokens,
  type TokenCounts,
  type Usage,
} from '../../conversation/usage/usage';
import { useModalDialog } from '../useModalDialog';
import './usage.css';

type Compacting =
  { kind: 'idle' } | { kind: 'asking' } | { kind: 'asked' } | { kind: 'refused'; message: string };

const COLUMNS: [keyof TokenCounts, string][] = [
  ['prompt', 'Prompt'],
  ['completion', 'Completion'],
  ['cacheRead', 'Cache read'],
  ['cacheWrite', 'Cache write'],
  ['reasoning', 'Reasoning'],
];

const USAGE_WORDS: Record<string, string> = {
  agent: 'Agent',
  condenser: 'Condenser (summaries)',
};

/** Every LLM the conversation used, its tokens and cost; the context meter; Compact. */
export default function UsageDialog({
  settings,
  conversationId,
  usage,
  canCompact,
  onClose,
}: {
  settings: ConnectionSettings;
  conversationId: string;
  usage: Usage | undefined;
  /** False when the agent has no condenser: 1.57 answers a request then with a 500 the browser cannot read. */
  canCompact: boolean;
  onClose: () => void;
}) {
  const dialog = useModalDialog(onClose);
  const [compacting, setCompacting] = useState<Compacting>({ kind: 'idle' });
  const compact = async () => {
    setCompacting({ kind: 'asking' });
    try {
      await compactConversation(settings, conversationId);
      setCompacting({ kind: 'asked' });
    } catch (error) {
      setCompacting({ kind: 'refused', message: describeError(error) });
    }
  };

  return (
    <dialog ref={dialog} className="usage-dialog" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage of this conversation</h2>
      {usage ? (
        <>
          <div className="usage-table-scroll" tabIndex={0} role="region" aria-label="Tokens and cost by LLM">
            <table className="usage-table">
              <thead>
                <tr>
                  <th scope="col">LLM</th>
                  {COLUMNS.map(([, label]) => (
                    <th scope="col" key={label}>
                      {label}
                    </th>
                  ))}
                  <th scope="col">Cost</th>
                </tr>
              </thead>
              <tbody>
                {usage.parts.map((part) => (
                  <tr key={part.usageId}>
                    <th scope="row">
                      {USAGE_WORDS[part.usageId] ?? part.usageId}
                      {part.model && <span className="usage-model">{part.model}</span>}
                    </th>
                    {COLUMNS.map(([key, label]) => (
                      <td key={label}>{exactTokens(part[key])}</td>
                    ))}
                    <td>{dollars(part.cost)}</td>
                  </tr>
                ))}
              </tbody>
              {usage.parts.length > 1 && (
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    {COLUMNS.map(([key, label]) => (
                      <td key={label}>{exactTokens(usage[key])}</td>
                    ))}
                    <td>{dollars(usage.cost)}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          <p className="usage-note">
            Cost is the server’s estimate from its price list; a model it has no price for counts $0.
          </p>
          {usage.context ? (
            <div className="context-meter">
              <label htmlFor="context-meter">
                Context: the agent’s last request used {exactTokens(usage.context.used)} of{' '}
                {exactTokens(usage.context.window)} tokens ({Math.round(contextShare(usage.context) * 100)}%)
              </label>
              <meter
                id="context-meter"
                min={0}
                max={usage.context.window}
                low={usage.context.window * 0.6}
                high={usage.context.window * 0.8}
                optimum={0}
                value={usage.context.used}
              />
            </div>
          ) : (
            <p className="usage-note">
              The server does not know this model’s context window, so there is no meter.
            </p>
          )}
        </>
      ) : (
        <p>No LLM request has been counted yet.</p>
      )}
      <section className="compact" aria-labelledby="compact-title">
        <h3 id="compact-title">Compact the history</h3>
        <p>
          The server sums up older events so the agent’s next requests are smaller. Everything stays on your
          screen; the agent works from the summary.
        </p>
        {compacting.kind === 'asked' && (
          <p role="status">
            Asked. A “History compacted” line appears in the conversation when the summary is made.
          </p>
        )}
        {compacting.kind === 'refused' && <p role="alert">{compacting.message}</p>}
        {!canCompact && <p className="compact-unavailable">{NO_CONDENSER_WORDS}</p>}
        <div className="form-actions">
          {canCompact && (
            <button type="button" disabled={compacting.kind === 'asking'} onClick={() => void compact()}>
              {compacting.kind === 'asking' ? 'Compacting…' : 'Compact now'}
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </section>
    </dialog>
  );
}
