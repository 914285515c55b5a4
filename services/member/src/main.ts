import { runServiceProcess } from '@swarm/runtime/process';
import { composeMemberService } from './compose.js';
import { memberConfigShape } from './config.js';

await runServiceProcess({ service: 'member', configShape: memberConfigShape, compose: composeMemberService });
