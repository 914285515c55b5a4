/** The identification questions, fetched together: a reporter who answers one goes on to the next. */
export { CheckAboveGroundPage } from './check-above-ground-page';
export { CheckClusterPage } from './check-cluster-page';
export { ElevationPage } from './elevation-page';
export { SwarmSizePage } from './swarm-size-page';
