import { testLogger } from '@swarm/testing';
import { eventBusContract } from './event-bus.contract.js';
import { InProcessEventBus } from './in-process-event-bus.js';

eventBusContract('in-process', async () => new InProcessEventBus(testLogger()));
