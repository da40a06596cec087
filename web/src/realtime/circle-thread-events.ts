// The circle threads' part of the live connection, loaded with the socket client (not in the
// first load): a pushed message joins its thread by id, and on every connect each loaded thread
// catches up over REST from where it stood (`after=`), as 1:1 threads do. The first connect too:
// a thread fetched before the socket was up misses what was sent in between.
import type { QueryClient } from '@tanstack/react-query';
import { SocketServerEvent } from '@saathi/contracts';
import {
  catchUpCircleThreads,
  circleThreadsKey,
  markCircleThreads,
  mergeCircleThreadMessages,
  type CircleThreadMarks,
} from '../api/use-circle-threads';
import type { AppSocket } from './socket-context';

export function listenToCircleThreads(socket: AppSocket, queryClient: QueryClient, userId: string): void {
  let marks: CircleThreadMarks | undefined;
  socket.on('disconnect', () => {
    marks = markCircleThreads(queryClient);
  });
  socket.on('connect', () => {
    void catchUpCircleThreads(queryClient, marks).catch(() => undefined);
    marks = undefined;
  });
  socket.on(SocketServerEvent.circleThreadMessage, (message) => {
    mergeCircleThreadMessages(queryClient, message.circleId, [message], userId);
    // A thread the list does not hold yet (the viewer just joined): read the list again.
    const threads = queryClient.getQueryData<{ circleId: string }[]>(circleThreadsKey);
    if (threads && !threads.some((thread) => thread.circleId === message.circleId))
      void queryClient.invalidateQueries({ queryKey: circleThreadsKey, exact: true });
  });
}
