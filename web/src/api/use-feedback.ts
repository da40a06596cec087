import { useMutation } from '@tanstack/react-query';
import { apiJson } from './api-request';

export type FeedbackType = 'feature' | 'bug';

// Feedback's route is not declared in @saathi/contracts yet, hence the untyped call.
export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (body: { type: FeedbackType; content: string }) =>
      apiJson<unknown>('POST', '/api/feedback', body),
  });
}
