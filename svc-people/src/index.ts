export { peopleService } from './service';
