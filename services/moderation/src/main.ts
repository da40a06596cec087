import { runServiceProcess } from '@saathi/platform';
import { moderationService } from './index';

await runServiceProcess(moderationService);
