import { toast } from '../lib/toast-store';
import { handleUnauthorized } from '../lib/unauthorized';

/** Runs a block or unblock and tells the user how it went. */
export async function runBlockAction(work: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await work();
    toast({ title: done });
  } catch (error) {
    if (handleUnauthorized(error)) return;
    toast({ title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
  }
}
