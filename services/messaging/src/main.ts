import { runServiceProcess } from '@saathi/platform';
import { messagingService } from './index';

await runServiceProcess(messagingService);
