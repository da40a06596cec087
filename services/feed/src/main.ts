import { runServiceProcess } from '@saathi/platform';
import { feedService } from './index';

await runServiceProcess(feedService);
