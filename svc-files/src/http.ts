import { FILES_MESSAGES } from '@cc/contracts';
import { idFrom } from '@cc/service-kit';

/** Path ids are positive int4s; anything else names no file (404, like another user's id). */
export const fileIdFrom = (raw: string): number => idFrom(raw, FILES_MESSAGES.fileNotFound);
