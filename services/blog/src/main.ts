import { runServiceProcess } from '@saathi/platform';
import { blogService } from './index';

await runServiceProcess(blogService);
