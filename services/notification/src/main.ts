import { runServiceProcess } from '@saathi/platform';
import { notificationService } from './index';

await runServiceProcess(notificationService);
