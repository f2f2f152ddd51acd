import { Suspense, useEffect } from 'react';
import { lazyPart } from '../../boundaries/lazyPart';
import { useIdleReached } from '../../useIdleReached';
import { usePopover } from '../../usePopover';
import type { HeaderFacts } from '../useConversation';
import { MoreIcon } from './icons';
import type { ToolDialog } from './toolDialogs';
import { useT } from '../../../i18n/i18n';

// The panel's figures and controls are not needed for the first paint. Their chunk loads in the
// first idle moment, so that opening the menu is instant; they are drawn only once it opens.
const loadPanel = () => import('./ToolsPanel');
const ToolsPanel = lazyPart(loadPanel);
// The dialogs' frame too (each dialog's own chunk loads when it first opens).
const loadDialogs = () => import('./ToolDialogs');
export const ToolDialogs = lazyPart(loadDialogs);

/**
 * The conversation's tools (model, usage, export, approvals) behind one button, in a popover:
 * the browser closes it on Escape or a click outside, and gives focus back to the button.
 */
export function ToolsMenu({
  model,
  onChoose,
}: {
  model: HeaderFacts;
  onChoose: (dialog: ToolDialog) => void;
}) {
  const t = useT();
  const { id, ref: panel, open, openedOnce } = usePopover();
  const idle = useIdleReached();
  useEffect(() => {
    // A failure here is met again, and shown, when the menu opens.
    if (!idle) return;
    loadPanel().catch(() => undefined);
    loadDialogs().catch(() => undefined);
  }, [idle]);
  return (
    <>
      <button
        type="button"
        className="icon-button tools-button"
        popoverTarget={id}
        aria-expanded={open}
        aria-label={t('toolsMenu.label')}
        title={t('toolsMenu.label')}
      >
        <MoreIcon />
      </button>
      <div
        id={id}
        ref={panel}
        popover="auto"
        className="tools-menu"
        role="group"
        aria-label={t('toolsMenu.label')}
      >
        {openedOnce && (
          <Suspense fallback={null}>
            <ToolsPanel
              model={model}
              open={open}
              onChoose={(dialog) => {
                // Closed first, so that focus is back on the menu's button when the dialog
                // opens, and returns there when it closes.
                panel.current?.hidePopover();
                onChoose(dialog);
              }}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
