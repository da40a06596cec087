import { describe, expect, it } from 'vitest';
import { dismissToast, getToasts, toast } from './toast-store';

describe('toast store', () => {
  it('keeps at most one toast, the newest', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'Newest wins', variant: 'destructive' });
    const current = getToasts();
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      title: 'Second',
      description: 'Newest wins',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast but keeps it mounted for its exit', () => {
    const { id, dismiss } = toast({ title: 'Closing' });
    dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    dismissToast();
    expect(getToasts().every((t) => !t.open)).toBe(true);
  });
});
