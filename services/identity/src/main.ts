import { runServiceProcess } from '@saathi/platform';
import { identityService } from './index';

await runServiceProcess(identityService);
