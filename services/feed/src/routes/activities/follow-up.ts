import {
  activityFeedbackRoute,
  ActivityFollowUpMessages,
  checkInRoute,
  pastActivitiesRoute,
  stopRepeatingRoute,
} from '@saathi/contracts';
import type { ActivityDetail, ActivityVerdict, PastActivities } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface ActivityFollowUpRoutesDeps {
  checkIn(user: AuthUser, postId: string, code: string, meta: RequestMeta): Promise<ActivityDetail>;
  stopRepeating(host: AuthUser, postId: string, meta: RequestMeta): Promise<ActivityDetail>;
  pastActivities(user: AuthUser): Promise<PastActivities>;
  giveFeedback(
    user: AuthUser,
    postId: string,
    subjectId: string,
    verdict: ActivityVerdict,
    meta: RequestMeta,
  ): Promise<void>;
}

/** Check-in, weekly series and feedback: every route is for a signed-in user (the routes' `access`). */
export function activityFollowUpRoutes(app: App, deps: ActivityFollowUpRoutesDeps): void {
  registerRoute(app, checkInRoute, (request) =>
    deps.checkIn(requireUser(request), request.params.id, request.body.code, { traceId: request.traceId }),
  );
  registerRoute(app, stopRepeatingRoute, (request) =>
    deps.stopRepeating(requireUser(request), request.params.id, { traceId: request.traceId }),
  );
  registerRoute(app, pastActivitiesRoute, (request) => deps.pastActivities(requireUser(request)));
  registerRoute(app, activityFeedbackRoute, async (request) => {
    await deps.giveFeedback(
      requireUser(request),
      request.params.id,
      request.body.userId,
      request.body.verdict,
      { traceId: request.traceId },
    );
    return { message: ActivityFollowUpMessages.feedbackSaved };
  });
}
