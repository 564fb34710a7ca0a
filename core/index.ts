// The package's library entry (dist/node/core.js): embed the service in another Node program.
export { startHost, DEFAULT_PORTS, type HostOptions, type RunningHost, type ReadyInfo } from './hosts/host.js';
export { createService, type Service, type ServiceOptions } from './node/service.js';
export { main as runCli } from './hosts/cli/main.js';
