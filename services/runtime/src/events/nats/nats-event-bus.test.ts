import { connect } from 'nats';
import { testLogger, testNatsUrl, uniqueStreamName } from '@swarm/testing';
import { afterAll } from 'vitest';
import { eventBusContract } from '../event-bus.contract.js';
import { NatsEventBus } from './nats-event-bus.js';

const streams: string[] = [];

eventBusContract('NATS JetStream', async () => {
  const { stream, subjectPrefix } = uniqueStreamName();
  streams.push(stream);
  return NatsEventBus.connect({ servers: testNatsUrl(), connectionName: 'contract-test', stream, subjectPrefix, ackWaitMs: 2_000, logger: testLogger() });
});

afterAll(async () => {
  const connection = await connect({ servers: testNatsUrl() });
  const manager = await connection.jetstreamManager();
  await Promise.allSettled(streams.map((stream) => manager.streams.delete(stream)));
  await connection.close();
});
