import { runServiceProcess } from '@saathi/platform';
import { configSchema, startService } from './index';

await runServiceProcess({ name: 'notification', configSchema, startService });
