// A refused circle action (join, accept, remove…): the server's own message in a toast.
import { serverMessage } from './error-message';
import { toast } from './toast-store';
import { handleUnauthorized } from './unauthorized';

export function circleActionFailed(error: unknown): void {
  if (handleUnauthorized(error)) return;
  toast({
    title: 'Error',
    description: serverMessage(error) ?? 'Something went wrong. Please try again.',
    variant: 'destructive',
  });
}
