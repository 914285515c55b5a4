export { connectMongo, type MongoConnection } from './connect.js';
export { MongoOutbox } from './mongo-outbox.js';
