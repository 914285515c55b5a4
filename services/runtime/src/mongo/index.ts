export { connectMongo, type MongoConnection } from './connect.js';
export { MongoOutbox } from './mongo-outbox.js';
export { isDuplicateKeyError } from './duplicate-key.js';
