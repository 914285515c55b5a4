import { runServiceProcess } from '@swarm/runtime/process';
import { composeInsightsService } from './compose.js';
import { insightsConfigShape } from './config.js';

await runServiceProcess({ service: 'insights', configShape: insightsConfigShape, compose: composeInsightsService });
