import { useEffect, useId, useRef } from 'react';
import {
  contextShare,
  conversationUsage,
  dollars,
  shortTokens,
  totalTokens,
  type Usage,
} from '../../../conversation/usage/usage';
import { tagsOf } from '../../../conversation/conversationTags';
import { plansNextTurn } from './toolDialogs';
import { limitsOf } from '../../../conversation/limits/runLimits';
import { ApprovalSelect } from '../../ApprovalSelect';
import type { HeaderFacts } from '../useConversation';
import type { ToolDialog } from './toolDialogs';
import './tools.css';
import { useT } from '../../../i18n/i18n';
import { formatList, formatNumber } from '../../../i18n/format';
import 'virtual:tether-english/tools';

/** What the conversation's tools menu holds, each a line: the model, usage, export, approvals. */
export default function ToolsPanel({
  model: c,
  open,
  onChoose,
}: {
  model: HeaderFacts;
  open: boolean;
  onChoose: (dialog: ToolDialog) => void;
}) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button, select')?.focus();
  }, [open]);
  return (
    <div ref={panel} className="tools-panel">
      {c.model !== undefined && <ModelLine model={c.model} onChoose={onChoose} />}
      {c.info && (
        <UsageLine usage={conversationUsage(c.statsFromInfo, c.statsFromEvents)} onChoose={onChoose} />
      )}
      {c.info && <LimitsLine info={c.info} onChoose={onChoose} />}
      {c.title !== undefined && (
        <button type="button" className="tool-line" aria-haspopup="dialog" onClick={() => onChoose('export')}>
          <span className="tool-line-name">{t('tools.export')}</span>
        </button>
      )}
      {c.title !== undefined && (
        <button type="button" className="tool-line" aria-haspopup="dialog" onClick={() => onChoose('share')}>
          <span className="tool-line-name">{t('tools.share')}</span>
        </button>
      )}
      {plansNextTurn(c) && (
        <button
          type="button"
          className="tool-line"
          aria-haspopup="dialog"
          onClick={() => onChoose('planNext')}
        >
          <span className="tool-line-name">{t('tools.planNext')}</span>
        </button>
      )}
      <ApprovalSelect session={c.session} policy={c.info?.confirmation_policy?.kind} />
    </div>
  );
}

/** The budget and step limit, or that there are none; opens the dialog that sets them. */
function LimitsLine({ info, onChoose }: { info: unknown; onChoose: (dialog: ToolDialog) => void }) {
  const t = useT();
  const { budget, steps } = limitsOf(tagsOf(info));
  const figures = [
    ...(budget !== undefined ? [dollars(budget)] : []),
    ...(steps !== undefined ? [t('tools.stepsPerRun', { steps })] : []),
  ];
  return (
    <button type="button" className="tool-line" aria-haspopup="dialog" onClick={() => onChoose('limits')}>
      <span className="tool-line-name">{t('tools.limits')}</span>{' '}
      <span className="tool-line-value">
        {figures.length > 0 ? formatList(figures) : t('tools.noLimits')}
      </span>
    </button>
  );
}

function ModelLine({ model, onChoose }: { model: string; onChoose: (dialog: ToolDialog) => void }) {
  // The provider prefix is in the full name (title and accessible name), not in the narrow line.
  // Its name is the words it shows (WCAG 2.5.3); the full name and what it does are its description.
  const t = useT();
  const described = useId();
  const shortName = model.slice(model.lastIndexOf('/') + 1) || model;
  return (
    <>
      <button
        type="button"
        className="tool-line"
        aria-haspopup="dialog"
        aria-describedby={described}
        title={model}
        onClick={() => onChoose('model')}
      >
        <span className="tool-line-name">{t('tools.model')}</span>{' '}
        <span className="tool-line-value">{shortName}</span>
      </button>
      <span id={described} className="visually-hidden">
        {t('tools.modelName', { model })}
      </span>
    </>
  );
}

/** Tokens and cost so far, with the context the agent's last request filled. */
function UsageLine({
  usage,
  onChoose,
}: {
  usage: Usage | undefined;
  onChoose: (dialog: ToolDialog) => void;
}) {
  const t = useT();
  const share = usage?.context && contextShare(usage.context);
  const figures = usage && [
    t('tools.tokens', { tokens: shortTokens(totalTokens(usage)) }),
    dollars(usage.cost),
  ];
  const context =
    share === undefined ? [] : [t('tools.contextFull', { share: formatNumber(share, { style: 'percent' }) })];
  const name = t('tools.usageName', {
    figures: figures ? formatList([...figures, ...context]) : t('tools.noneYet'),
  });
  const described = useId();
  return (
    <>
      <button
        type="button"
        className="tool-line"
        aria-haspopup="dialog"
        aria-describedby={described}
        onClick={() => onChoose('usage')}
      >
        <span className="tool-line-name">{t('tools.usage')}</span>{' '}
        <span className="tool-line-value usage-figures">
          {figures ? figures.join(' · ') : t('tools.noneYet')}
          {share !== undefined && (
            <span className="context-bar" aria-hidden="true">
              <span
                style={{ inlineSize: `${Math.max(2, share * 100)}%` }}
                data-full={share > 0.8 || undefined}
              />
            </span>
          )}
        </span>
      </button>
      <span id={described} className="visually-hidden">
        {name}
      </span>
    </>
  );
}
