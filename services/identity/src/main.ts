import { runServiceProcess } from '@saathi/platform';
import { configSchema, startService } from './index';

await runServiceProcess({ name: 'identity', configSchema, startService });
