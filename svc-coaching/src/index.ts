export { coachingService } from './service';
