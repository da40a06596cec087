import { describe, expect, it } from 'vitest';
import { REACTION_EMOJIS } from '@saathi/contracts';
import { REACTION_NAMES, isReactionEmoji, reactionChange, visibleReactions } from './reactions';

describe('visibleReactions', () => {
  it('shows only counts above zero, in the picker order', () => {
    expect(visibleReactions({ '🎉': 1, '👍': 3, '😢': 0 })).toEqual([
      { emoji: '👍', count: 3 },
      { emoji: '🎉', count: 1 },
    ]);
  });

  it('leaves out emojis that are not among the eight', () => {
    expect(visibleReactions({ '🤖': 4 })).toEqual([]);
  });
});

describe('reactionChange', () => {
  it('adds an emoji the viewer does not have and removes one they do', () => {
    expect(reactionChange([], '🔥')).toBe('add');
    expect(reactionChange(['🔥'], '🔥')).toBe('remove');
    expect(reactionChange(['🔥'], '👍')).toBe('add');
  });
});

describe('reaction names', () => {
  it('names each of the eight emojis', () => {
    expect(REACTION_EMOJIS.map((e) => REACTION_NAMES[e])).toEqual([
      'thumbs up',
      'heart',
      'laughing',
      'surprised',
      'sad',
      'fire',
      '100',
      'party popper',
    ]);
    expect(isReactionEmoji('❤️')).toBe(true);
    expect(isReactionEmoji('❤')).toBe(false);
  });
});
