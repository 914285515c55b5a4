export { buildGateway } from './app.js';
export { createServiceClients, networkTransports, SERVICE_NAMES, type ServiceClients, type ServiceName, type ServiceTransports } from './clients/service-clients.js';
export { gatewayConfigShape, type GatewaySettings } from './config.js';
