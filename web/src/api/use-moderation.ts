import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listAuditRoute,
  listOpenCasesRoute,
  listSuspensionsRoute,
  reviewCommentRoute,
  reviewDailyAnswerRoute,
  reviewMessageRoute,
  reviewCircleRoute,
  reviewPersonRoute,
  reviewPostRoute,
  takeModerationActionRoute,
} from './routes';
import type { ModerationActionBody, ReportTargetKind, ReviewContent, ReviewPerson } from '@saathi/contracts';
import { api } from './api-client';
import { ApiError } from './api-error';

const casesKey = ['moderation', 'cases'] as const;
const auditKey = ['moderation', 'audit'] as const;
const suspensionsKey = ['moderation', 'suspensions'] as const;
const reviewKey = ['moderation', 'review'] as const;

/**
 * Admins only: reported items awaiting review, oldest first, a page at a time ("Load more"
 * fetches the next from the last page's cursor).
 */
export function useOpenCases(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: casesKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(listOpenCasesRoute, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditLog(enabled: boolean) {
  return useQuery({
    queryKey: auditKey,
    enabled,
    queryFn: ({ signal }) => api.call(listAuditRoute, { signal }),
  });
}

/** Admins only: the people suspended now. */
export function useSuspensions(enabled: boolean) {
  return useQuery({
    queryKey: suspensionsKey,
    enabled,
    queryFn: ({ signal }) => api.call(listSuspensionsRoute, { signal }),
  });
}

/** Dismiss, remove, suspend, reinstate or hide one photo of a post; the queue and the lists are read again after. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => api.call(takeModerationActionRoute, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: casesKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
        queryClient.invalidateQueries({ queryKey: suspensionsKey }),
        queryClient.invalidateQueries({ queryKey: reviewKey }),
      ]),
  });
}

/** The reported item as its owning service stores it; `gone` when that service answers 404. */
export type ReviewedItem =
  { kind: 'content'; content: ReviewContent } | { kind: 'person'; person: ReviewPerson } | { kind: 'gone' };

async function reviewItem(kind: ReportTargetKind, id: string, signal: AbortSignal): Promise<ReviewedItem> {
  const input = { params: { id }, signal };
  try {
    if (kind === 'user') return { kind: 'person', person: await api.call(reviewPersonRoute, input) };
    const route = {
      post: reviewPostRoute,
      comment: reviewCommentRoute,
      daily_answer: reviewDailyAnswerRoute,
      message: reviewMessageRoute,
      circle: reviewCircleRoute,
    }[kind];
    return { kind: 'content', content: await api.call(route, input) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'gone' };
    throw error;
  }
}

/**
 * Admins only: one case's item read from the service that owns it (feed, messaging, identity),
 * not from the reporter's excerpt. Read again after an action, which may have hidden it.
 */
export function useReviewItem(kind: ReportTargetKind, id: string) {
  return useQuery({
    queryKey: [...reviewKey, kind, id],
    queryFn: ({ signal }) => reviewItem(kind, id, signal),
  });
}
