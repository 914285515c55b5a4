import { env } from '@swarm/runtime';
import { z } from 'zod';

/**
 * What `npm run start:stack` itself reads; every process it starts reads its own variables from the same environment.
 */
export const stackConfigShape = {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  /** Loopback by default: the gateway serves a dev outbox of login links. */
  HOST: z.string().default('127.0.0.1'),
  /** Serve the dev outbox to other machines when HOST is beyond loopback (they must still name a loopback host). */
  DEV_OUTBOX_ON_NETWORK: env.boolean(false),
  /** The URL users reach the product at (links in emails, the accepted Host and Origin); http://localhost:PORT when unset. */
  PUBLIC_URL: z.url().optional(),
  MONGODB_URL: z.string().startsWith('mongodb').optional(),
};

/** What `npm start` itself reads besides what every part it runs reads from the same environment. */
export const embeddedConfigShape = {
  LOG_LEVEL: env.logLevel(),
  /** The embedded product also serves association-billing here, on 127.0.0.1 only, for the operator CLI. */
  OPERATOR_RPC_PORT: env.port(8083),
  /** And the insights service here, for the operator CLI's association statistics. */
  OPERATOR_INSIGHTS_RPC_PORT: env.port(8085),
  /** And the member service's GetMember alone here, for the names and emails of the operator CLI's list-members. */
  OPERATOR_MEMBER_RPC_PORT: env.port(8082),
};
