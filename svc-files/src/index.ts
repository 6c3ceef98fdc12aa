export { filesService } from './service';
