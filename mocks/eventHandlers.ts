import { http, HttpResponse } from 'msw';
import { contentText, isRecord, type MessageEvent, type WireEvent } from '../src/agent-server/protocol';
import { messageContent } from './messageContent';
import { invalid, limitParam, notFound, success, type RouteKit } from './routeKit';

// A conversation's events, as event_router.py answers: pages and counts under the server's
// filters, a message posted (run or not), and the answer to a confirmation.

export function eventHandlers({ api, store, agent, withConversation, record }: RouteKit) {
  return [
    http.get(
      api('/api/conversations/:id/events/search'),
      withConversation((conversation, request) => {
        const url = new URL(request.url);
        const limit = limitParam(url);
        if (limit instanceof Response) return limit;
        const events = filteredEvents(conversation.events, url);
        return HttpResponse.json(
          store.searchEvents(events, {
            limit,
            pageId: url.searchParams.get('page_id'),
            descending: url.searchParams.get('sort_order') === 'TIMESTAMP_DESC',
            gte: url.searchParams.get('timestamp__gte'),
            lt: url.searchParams.get('timestamp__lt'),
          }),
        );
      }),
    ),

    // The count the real server gives for the same filters (timestamps included).
    http.get(
      api('/api/conversations/:id/events/count'),
      withConversation((conversation, request) => {
        const url = new URL(request.url);
        const gte = url.searchParams.get('timestamp__gte');
        const lt = url.searchParams.get('timestamp__lt');
        return HttpResponse.json(
          filteredEvents(conversation.events, url).filter(
            (e) => (!gte || e.timestamp >= gte) && (!lt || e.timestamp < lt),
          ).length,
        );
      }),
    ),

    // One event by its id (`HTTPException(404)` without words when the log has none such).
    http.get(
      api('/api/conversations/:id/events/:eventId'),
      withConversation((conversation, request) => {
        const eventId = decodeURIComponent(new URL(request.url).pathname.split('/').at(-1)!);
        const event = conversation.events.find((candidate) => candidate.id === eventId);
        return event ? HttpResponse.json(event) : notFound();
      }),
    ),

    http.post(
      api('/api/conversations/:id/events'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        if (
          !isRecord(body) ||
          (body.role !== undefined && body.role !== 'user') ||
          !Array.isArray(body.content)
        ) {
          return invalid('content', 'invalid message');
        }
        const content = messageContent(body.content);
        if (!content) return invalid('content', 'content must be text and image parts');
        agent.message(conversation, content, body.run === true);
        return success();
      }),
    ),

    http.post(
      api('/api/conversations/:id/events/respond_to_confirmation'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        if (!isRecord(body) || typeof body.accept !== 'boolean') return invalid('accept', 'Field required');
        agent.respond(conversation, body.accept, typeof body.reason === 'string' ? body.reason : undefined);
        return success();
      }),
    ),
  ];
}

/**
 * The events a search or count keeps for `kind`, `source` and `body`, as the server filters:
 * `body` matches, case-insensitively, the text and reasoning of messages only.
 */
function filteredEvents(events: readonly WireEvent[], url: URL): readonly WireEvent[] {
  const kind = url.searchParams.get('kind');
  const source = url.searchParams.get('source');
  const body = url.searchParams.get('body')?.toLowerCase();
  if (!kind && !source && body === undefined) return events;
  return events.filter(
    (e) =>
      (!kind || e.kind === kind || kind.endsWith(`.${e.kind}`)) &&
      (!source || e.source === source) &&
      (body === undefined || (messageBody(e)?.includes(body) ?? false)),
  );
}

function messageBody(event: WireEvent): string | undefined {
  if (event.kind !== 'MessageEvent') return undefined;
  const message = (event as MessageEvent).llm_message;
  return `${contentText(message.content)} ${message.reasoning_content ?? ''}`.toLowerCase();
}
