import { useState, useSyncExternalStore } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { planCounts, planSummary, taskStatusWords } from '../../conversation/tasks/taskPlan';
import { formatTimestamp } from '../conversationWords';
import './tasks.css';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/tasks';

// The Tasks tab: the agent's plan as its newest task-tracker result gave it, kept current while
// the run goes on. Loaded with the side panel.

export function TasksView({
  log,
  hasOlder,
  loadAllOlder,
}: {
  log: ConversationEventLog;
  hasOlder: boolean;
  loadAllOlder: () => Promise<void>;
}) {
  const t = useT();
  const plan = useSyncExternalStore(log.subscribe, () => log.projection.reports.taskPlan);
  const [looking, setLooking] = useState(false);
  if (!plan)
    return hasOlder ? (
      <div>
        <p className="workspace-note">{t('tasks.notLoaded')}</p>
        <button
          type="button"
          disabled={looking}
          onClick={() => {
            setLooking(true);
            void loadAllOlder().finally(() => setLooking(false));
          }}
        >
          {looking ? t('tasks.looking') : t('tasks.look')}
        </button>
      </div>
    ) : (
      <p className="workspace-note">{t('tasks.none')}</p>
    );
  return (
    <div className="tasks-view">
      <p className="workspace-summary" role="status">
        {planSummary(planCounts(plan.tasks))}
      </p>
      <ol className="plan" aria-label={t('tasks.list')}>
        {plan.tasks.map((task, index) => (
          <li key={index} className={`plan-task plan-${task.status}`}>
            <span className="plan-status">{taskStatusWords(task.status)}</span>
            <span className="plan-title">{task.title}</span>
            {task.notes && <p className="plan-notes">{task.notes}</p>}
          </li>
        ))}
      </ol>
      <p className="workspace-note">{t('tasks.lastChanged', { time: formatTimestamp(plan.timestamp) })}</p>
    </div>
  );
}
