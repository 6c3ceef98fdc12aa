export { identityService, identitySessionCheck } from './service';
