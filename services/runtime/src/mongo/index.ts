export { connectMongo, type MongoConnection } from './connect.js';
export { MongoOutbox } from './mongo-outbox.js';
export { isDuplicateKeyError } from './duplicate-key.js';
export { NOTHING_PARKED, ParkedEvents, RecoveringOutbox, parkEvent, type ParkedEvent, type WithParkedEvents } from './parked-events.js';
