// Reactions: the eight emojis, which ones the bar shows, and what choosing one does.
import { REACTION_EMOJIS, type ReactionEmoji } from '@saathi/contracts';

/** Names read out by screen readers, in the order of REACTION_EMOJIS. */
export const REACTION_NAMES: Record<ReactionEmoji, string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laughing',
  '😮': 'surprised',
  '😢': 'sad',
  '🔥': 'fire',
  '💯': '100',
  '🎉': 'party popper',
};

export function isReactionEmoji(value: string): value is ReactionEmoji {
  return (REACTION_EMOJIS as readonly string[]).includes(value);
}

/** The emojis with a count above zero, in the picker's order; unknown emojis are left out. */
export function visibleReactions(
  reactions: Readonly<Record<string, number>>,
): { emoji: ReactionEmoji; count: number }[] {
  return REACTION_EMOJIS.flatMap((emoji) => {
    const count = reactions[emoji] ?? 0;
    return count > 0 ? [{ emoji, count }] : [];
  });
}

/** Choosing an emoji the viewer already has removes it; any other is added. */
export function reactionChange(myReactions: readonly string[], emoji: ReactionEmoji): 'add' | 'remove' {
  return myReactions.includes(emoji) ? 'remove' : 'add';
}
