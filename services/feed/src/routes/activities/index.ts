import {
  acceptActivityRequestRoute,
  activityCalendarRoute,
  ActivityMessages,
  stillGoingRoute,
  closeActivityRoute,
  declineActivityRequestRoute,
  getActivityRoute,
  joinActivityRoute,
  leaveActivityRoute,
} from '@saathi/contracts';
import type { ActivityDetail } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface ActivityRoutesDeps {
  getActivity(user: AuthUser, postId: string): Promise<ActivityDetail>;
  joinActivity(
    user: AuthUser,
    postId: string,
    note: string | undefined,
    meta: RequestMeta,
  ): Promise<ActivityDetail>;
  leaveActivity(user: AuthUser, postId: string, meta: RequestMeta): Promise<ActivityDetail>;
  acceptRequest(host: AuthUser, postId: string, userId: string, meta: RequestMeta): Promise<ActivityDetail>;
  declineRequest(host: AuthUser, postId: string, userId: string, meta: RequestMeta): Promise<ActivityDetail>;
  closeActivity(host: AuthUser, postId: string, meta: RequestMeta): Promise<void>;
  calendarFile(user: AuthUser, postId: string): Promise<string>;
  stillGoing(user: AuthUser, postId: string, going: boolean, meta: RequestMeta): Promise<ActivityDetail>;
}

/** Joining an activity: every route is for a signed-in user (the routes' `access`). */
export function activityRoutes(app: App, deps: ActivityRoutesDeps): void {
  registerRoute(app, getActivityRoute, (request) =>
    deps.getActivity(requireUser(request), request.params.id),
  );
  registerRoute(app, joinActivityRoute, (request) =>
    deps.joinActivity(requireUser(request), request.params.id, request.body.note, {
      traceId: request.traceId,
    }),
  );
  registerRoute(app, leaveActivityRoute, (request) =>
    deps.leaveActivity(requireUser(request), request.params.id, { traceId: request.traceId }),
  );
  registerRoute(app, acceptActivityRequestRoute, (request) =>
    deps.acceptRequest(requireUser(request), request.params.id, request.params.userId, {
      traceId: request.traceId,
    }),
  );
  registerRoute(app, declineActivityRequestRoute, (request) =>
    deps.declineRequest(requireUser(request), request.params.id, request.params.userId, {
      traceId: request.traceId,
    }),
  );
  registerRoute(app, closeActivityRoute, async (request) => {
    await deps.closeActivity(requireUser(request), request.params.id, { traceId: request.traceId });
    return { message: ActivityMessages.closed };
  });
  registerRoute(app, stillGoingRoute, (request) =>
    deps.stillGoing(requireUser(request), request.params.id, request.body.going, {
      traceId: request.traceId,
    }),
  );
  registerRoute(app, activityCalendarRoute, async (request, reply) => {
    const ics = await deps.calendarFile(requireUser(request), request.params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="activity.ics"')
      .send(ics);
  });
}
