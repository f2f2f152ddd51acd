import { useState } from 'react';
import { missedAnswerMode, setMissedAnswerMode } from '../../conversation/answers/answerMode';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/answers';
import './answers.css';

/**
 * Whether Tether asks the agent by itself to answer a message a run ended without reading
 * (on by default), or offers the person a button first. Loaded with the settings.
 */
export default function MissedAnswerSetting() {
  const t = useT();
  const [askAgent, setAskAgent] = useState(() => missedAnswerMode() === 'ask-agent');
  return (
    <label className="setting-check">
      <input
        type="checkbox"
        checked={askAgent}
        onChange={(event) => {
          setAskAgent(event.target.checked);
          setMissedAnswerMode(event.target.checked ? 'ask-agent' : 'offer');
        }}
      />
      {t('answers.setting')}
    </label>
  );
}
