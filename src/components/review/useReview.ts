import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import {
  holdReview,
  type ConversationReview,
  type ReviewState,
} from '../../conversation/review/conversationReview';
import type { ReviewScope } from './reviewScope';

/** The conversation's review, held while the component is on screen; undefined until it is. */
export function useReview(scope: ReviewScope | undefined): ConversationReview | undefined {
  const [review, setReview] = useState<ConversationReview>();
  const server = scope?.server;
  const conversationId = scope?.conversationId;
  useEffect(() => {
    if (server === undefined || conversationId === undefined) return;
    const held = holdReview(server, conversationId);
    setReview(held.review);
    return held.release;
  }, [server, conversationId]);
  return review;
}

/** Read while the review is not held yet: it never changes. */
const nothing = createStore<ReviewState>(() => ({ comments: [], loaded: false, lasting: true }));

/** A slice of the review's state; the empty state while there is no review yet. */
export function useReviewState<T>(
  review: ConversationReview | undefined,
  select: (state: ReviewState) => T,
): T {
  return useStore(review?.store ?? nothing, select);
}
