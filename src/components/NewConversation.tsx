import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { agentServerClients, describeError } from '../agent-server/client';
import type { ConversationInfo } from '../agent-server/protocol';
import { useConnectionSettings } from '../agent-server/settings';
import { conversationsKey } from '../conversation/queries';
import { newConversationPayload } from '../conversation/newConversation';

export function NewConversation() {
  const settings = useConnectionSettings();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const create = useMutation({
    mutationFn: (text: string) =>
      agentServerClients(settings).conversations.createConversation<ConversationInfo>(
        newConversationPayload(text),
      ),
    onSuccess: async (conversation) => {
      await queryClient.invalidateQueries({ queryKey: conversationsKey(settings) });
      navigate(`/conversations/${conversation.id}`);
    },
  });

  return (
    <form
      className="new-conversation"
      aria-label="New conversation"
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get('message') ?? '').trim();
        if (text) create.mutate(text);
      }}
    >
      <h2>New conversation</h2>
      <label>
        What should the agent do?
        <textarea name="message" rows={3} required placeholder="Describe the task…" />
      </label>
      <button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Starting…' : 'Start conversation'}
      </button>
      {create.error && (
        <p className="banner error" role="alert">
          The conversation was not created. {describeError(create.error)}
        </p>
      )}
    </form>
  );
}
