import { useMutation } from '@tanstack/react-query';
import { type CreateFeedbackBody } from '@saathi/contracts';
import { createFeedbackRoute } from './routes';
import { api } from './api-client';

/** "Share Your Feedback": open to everyone; a signed-in sender is recorded by the server. */
export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (body: CreateFeedbackBody) => api.call(createFeedbackRoute, { body }),
  });
}
