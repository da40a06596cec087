// Sharing a story: the device's share sheet when there is one, else the link is copied.

export type ShareOutcome = 'shared' | 'copied' | 'failed';

export interface ShareTools {
  share?: ((data: { title: string; text?: string; url: string }) => Promise<void>) | undefined;
  copy: (text: string) => Promise<boolean>;
}

/**
 * With a share sheet, its outcome is the user's business (cancelling is not an error), so any
 * rejection counts as shared. Without one, the link is copied.
 */
export async function shareStory(
  story: { title: string; url: string },
  tools: ShareTools,
): Promise<ShareOutcome> {
  if (tools.share) {
    try {
      await tools.share({ title: story.title, url: story.url });
    } catch {
      // Errors are ignored: the sheet was dismissed or the platform refused.
    }
    return 'shared';
  }
  return (await tools.copy(story.url)) ? 'copied' : 'failed';
}

/** The toast for each outcome (none after the device's own sheet). */
export function shareToast(
  outcome: ShareOutcome,
): { title: string; description: string; variant?: 'destructive' } | null {
  if (outcome === 'copied')
    return { title: 'Link copied!', description: 'The blog post link has been copied to your clipboard.' };
  if (outcome === 'failed')
    return {
      title: 'Share failed',
      description: 'Unable to copy link to clipboard.',
      variant: 'destructive',
    };
  return null;
}
