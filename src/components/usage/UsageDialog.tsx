import { useState } from 'react';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { compactConversation } from '../../conversation/resources/conversationWrites';
import {
  agentUncounted,
  contextShare,
  dollars,
  exactTokens,
  type TokenCounts,
  type Usage,
} from '../../conversation/usage/usage';
import { useModalDialog } from '../useModalDialog';
import './usage.css';
import { useT, type MessageId } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import 'virtual:tether-english/usage';

type Compacting =
  { kind: 'idle' } | { kind: 'asking' } | { kind: 'asked' } | { kind: 'refused'; message: string };

const COLUMNS: [keyof TokenCounts, MessageId][] = [
  ['prompt', 'usage.prompt'],
  ['completion', 'usage.completion'],
  ['cacheRead', 'usage.cacheRead'],
  ['cacheWrite', 'usage.cacheWrite'],
  ['reasoning', 'usage.reasoning'],
];

/** The server's names for the LLMs it counts that Tether knows; others are shown as they are. */
const USAGE_WORDS: Record<string, MessageId> = {
  agent: 'usage.agent',
  condenser: 'usage.condenser',
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
  const t = useT();
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
      <h2 id="usage-title">{t('usage.title')}</h2>
      {usage ? (
        <>
          <div className="usage-table-scroll" tabIndex={0} role="region" aria-label={t('usage.table')}>
            <table className="usage-table">
              <thead>
                <tr>
                  <th scope="col">{t('usage.llm')}</th>
                  {COLUMNS.map(([, label]) => (
                    <th scope="col" key={label}>
                      {t(label)}
                    </th>
                  ))}
                  <th scope="col">{t('usage.cost')}</th>
                </tr>
              </thead>
              <tbody>
                {usage.parts.map((part) => (
                  <tr key={part.usageId}>
                    <th scope="row">
                      {part.usageId in USAGE_WORDS ? t(USAGE_WORDS[part.usageId]!) : part.usageId}
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
                    <th scope="row">{t('usage.total')}</th>
                    {COLUMNS.map(([key, label]) => (
                      <td key={label}>{exactTokens(usage[key])}</td>
                    ))}
                    <td>{dollars(usage.cost)}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          <p className="usage-note">{t('usage.costNote', { zero: dollars(0) })}</p>
          {agentUncounted(usage) && <p className="usage-note">{t('usage.agentUncounted')}</p>}
          {usage.context ? (
            <div className="context-meter">
              <label htmlFor="context-meter">
                {t('usage.context', {
                  used: exactTokens(usage.context.used),
                  window: exactTokens(usage.context.window),
                  share: formatNumber(contextShare(usage.context), { style: 'percent' }),
                })}
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
            <p className="usage-note">{t('usage.noWindow')}</p>
          )}
        </>
      ) : (
        <p>{t('usage.none')}</p>
      )}
      <section className="compact" aria-labelledby="compact-title">
        <h3 id="compact-title">{t('usage.compactTitle')}</h3>
        <p>{t('usage.compactExplain')}</p>
        {compacting.kind === 'asked' && <p role="status">{t('usage.compactAsked')}</p>}
        {compacting.kind === 'refused' && <p role="alert">{compacting.message}</p>}
        {!canCompact && <p className="compact-unavailable">{t('compact.noCondenser')}</p>}
        <div className="form-actions">
          {canCompact && (
            <button type="button" disabled={compacting.kind === 'asking'} onClick={() => void compact()}>
              {compacting.kind === 'asking' ? t('usage.compacting') : t('usage.compactNow')}
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('usage.close')}
          </button>
        </div>
      </section>
    </dialog>
  );
}
