export { DevOutbox, DevOutboxMailer, type OutboxEntry } from '@swarm/runtime';
