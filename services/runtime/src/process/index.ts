export { networkTransport, runServiceProcess } from './run-service-process.js';
