import { runServiceProcess } from '@swarm/runtime/process';
import { composeAssociationBillingService } from './compose.js';
import { associationBillingConfigShape } from './config.js';

await runServiceProcess({ service: 'association-billing', configShape: associationBillingConfigShape, compose: composeAssociationBillingService });
