import { memo, Suspense } from 'react';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ConnectionState } from '../../agent-server/socket';
import type { GapState } from '../../conversation/gapFiller';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import { problemWords, type SessionProblem } from '../../conversation/session/problems';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { lazyPart } from '../boundaries/lazyPart';
import { ConnectionTrouble } from '../ConnectionStatus';

// Said only when the conversation's runtime is not simply available (rare, and never on a local
// server): it loads then.
const RuntimeBanner = lazyPart(() => import('../runtime/RuntimeBanner'));

interface BannerFacts {
  settings: ConnectionSettings;
  conversationId: string;
  session: LiveSession;
  connection: ConnectionState;
  gap: GapState;
  /** When the copy being read while the server is away was saved. */
  readingCopy: number | undefined;
  /** When the copy on screen was saved, while the server has not answered yet. */
  checkingCopy: number | undefined;
  runtimeNeedsWords: boolean;
  problem: SessionProblem | undefined;
  error: unknown;
  retryRead: () => void;
  /** Events the server sent that could not be read. */
  rejected: number;
}

/**
 * What the conversation has to say above its transcript: the connection's trouble, the copy being
 * read, the runtime, a command's failure, a read that failed, events that could not be read. Drawn
 * again only when one of these facts changes, not with every event.
 */
export const ConversationBanners = memo(function ConversationBanners(facts: BannerFacts) {
  const t = useT();
  const { connection, error } = facts;
  return (
    <>
      <ConnectionTrouble connection={connection} gap={facts.gap} session={facts.session} />
      {facts.readingCopy !== undefined && connection.kind !== 'open' && (
        <div className="banner warning" role="status">
          {t('conversation.readingCopy', {
            time: formatDate(new Date(facts.readingCopy), { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </div>
      )}
      {facts.checkingCopy !== undefined && (
        <p className="copy-checking" role="status">
          {t('conversation.checkingCopy', {
            time: formatDate(new Date(facts.checkingCopy), { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
      )}
      {facts.runtimeNeedsWords && (
        <Suspense fallback={null}>
          <RuntimeBanner settings={facts.settings} conversationId={facts.conversationId} />
        </Suspense>
      )}
      {facts.problem && (
        <div className="banner error" role="alert">
          {problemWords(facts.problem)}
        </div>
      )}
      {error ? (
        <div className="banner error" role="alert">
          {describeError(error)}{' '}
          <button type="button" onClick={facts.retryRead}>
            {t('conversation.tryAgain')}
          </button>
        </div>
      ) : null}
      {facts.rejected > 0 && (
        <div className="banner warning" role="status">
          {t('conversation.malformed', { count: facts.rejected })}
        </div>
      )}
    </>
  );
});
