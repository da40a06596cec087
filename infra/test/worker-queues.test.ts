// Every queue a service declares a worker for is listed on its worker process in the process
// table: that list drives the worker's autoscaler (k8s) and which queues its metrics report, so a
// queue missing there piles up unseen while the worker idles at its minimum.
import { describe, expect, it } from 'vitest';
import { blogService } from '../../services/blog/src/index';
import { feedService } from '../../services/feed/src/index';
import { identityService } from '../../services/identity/src/index';
import { messagingService } from '../../services/messaging/src/index';
import { moderationService } from '../../services/moderation/src/index';
import { notificationService } from '../../services/notification/src/index';
import { PROCESSES } from '../deploy/processes';

const definitions = [
  blogService,
  feedService,
  identityService,
  messagingService,
  moderationService,
  notificationService,
];

describe('worker queues in the process table', () => {
  it.each(definitions.map((definition) => [definition.name, definition] as const))(
    "%s: its worker process lists exactly the service's worker queues",
    (name, definition) => {
      const declared = (definition.worker?.jobs ?? []).map((job) => job.queue).sort();
      const workerProcesses = PROCESSES.filter((p) => p.kind === 'worker' && p.service === name);
      if (declared.length === 0) {
        expect(workerProcesses).toEqual([]);
        return;
      }
      expect(workerProcesses.map((p) => p.name)).toEqual([`${name}-worker`]);
      expect([...(workerProcesses[0]?.queues ?? [])].sort()).toEqual(declared);
    },
  );
});
