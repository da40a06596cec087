import {
  addCommentReactionRoute,
  addPostReactionRoute,
  removeCommentReactionRoute,
  removePostReactionRoute,
} from '@saathi/contracts';
import type { ReactionEmoji, ReactionResult } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { EngagementTarget } from '../../db/engagement-repository';
import type { RequestMeta } from '../../use-cases/feed-core';
import type { ReactionChange } from '../../use-cases/reactions';

export interface ReactionRoutesDeps {
  changeReaction(
    user: AuthUser,
    target: { type: EngagementTarget; id: string },
    emoji: ReactionEmoji,
    change: ReactionChange,
    meta: RequestMeta,
  ): Promise<ReactionResult>;
}

/** POST adds the emoji (or takes it back when the user holds it already); DELETE takes it back. */
export function reactionRoutes(app: App, deps: ReactionRoutesDeps): void {
  const routes = [
    [addPostReactionRoute, 'post', 'toggle'],
    [removePostReactionRoute, 'post', 'remove'],
    [addCommentReactionRoute, 'comment', 'toggle'],
    [removeCommentReactionRoute, 'comment', 'remove'],
  ] as const;
  for (const [route, type, change] of routes) {
    registerRoute(app, route, (request) =>
      deps.changeReaction(requireUser(request), { type, id: request.params.id }, request.body.emoji, change, {
        traceId: request.traceId,
      }),
    );
  }
}
